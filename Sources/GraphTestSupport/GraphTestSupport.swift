/// GraphTestSupport: see docs/architecture.md. Test targets that import it also see the JSON
/// layer below it (`GraphJSONTestSupport`: conformance data, random JSON, a seeded generator).
@_exported import GraphJSONTestSupport

enum GraphTestSupportModule {}
