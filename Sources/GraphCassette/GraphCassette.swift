/// GraphCassette: see docs/architecture.md.
enum GraphCassetteModule {}
