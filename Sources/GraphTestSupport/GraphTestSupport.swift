/// GraphTestSupport: see docs/architecture.md.
enum GraphTestSupportModule {}
