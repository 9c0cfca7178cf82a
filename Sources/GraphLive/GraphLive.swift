/// GraphLive: see docs/architecture.md.
enum GraphLiveModule {}
