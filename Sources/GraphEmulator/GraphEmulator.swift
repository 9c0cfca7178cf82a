/// GraphEmulator: see docs/architecture.md.
enum GraphEmulatorModule {}
