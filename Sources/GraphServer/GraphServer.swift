/// GraphServer: see docs/architecture.md.
enum GraphServerModule {}
