// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "graph-explorer",
  // Atomic (Synchronization) and TaskExecutor need macOS 15.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "graph-explorer", targets: ["graph-explorer"]),
    .executable(name: "graph-bench", targets: ["graph-bench"]),
    .library(name: "GraphJSON", targets: ["GraphJSON"]),
    .library(name: "GraphAPI", targets: ["GraphAPI"]),
  ],
  targets: [
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // `sigaction` and the window-size ioctl, apart from libedit.
    .systemLibrary(name: "CSystem"),
    .target(name: "GraphJSON", swiftSettings: strict),
    .target(name: "GraphAPI", dependencies: ["GraphJSON"], swiftSettings: strict),
    // libcurl's header only: the library is opened with dlopen on the first transfer (shim.h),
    // not linked, so no pkg-config (its `--libs` would link it).
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(
      name: "GraphLive", dependencies: ["GraphAPI", "GraphGzip", "GraphServer", "CCurl"],
      swiftSettings: strict),
    .target(name: "GraphEmulator", dependencies: ["GraphAPI", "GraphJSON"], swiftSettings: strict),
    .target(name: "GraphGzip", dependencies: ["GraphAPI"], swiftSettings: strict),
    .target(name: "GraphYAML", dependencies: ["GraphJSON"], swiftSettings: strict),
    .target(
      name: "GraphCassette", dependencies: ["GraphAPI", "GraphJSON", "GraphGzip", "GraphYAML"],
      swiftSettings: strict),
    .systemLibrary(name: "CEventPoll"),
    .target(
      name: "GraphServer", dependencies: ["GraphAPI", "GraphJSON", "CEventPoll"],
      swiftSettings: strict),
    .systemLibrary(
      name: "COpenSSL",
      pkgConfig: "openssl",
      providers: [.apt(["libssl-dev"])]
    ),
    .target(
      name: "GraphProxy", dependencies: ["GraphAPI", "GraphServer", "COpenSSL"],
      swiftSettings: strict),
    .target(
      name: "ExplorerCLI",
      dependencies: [
        "GraphJSON", "GraphAPI", "GraphLive", "GraphEmulator", "GraphCassette", "GraphServer",
        "GraphProxy", "CEditLine", "CSystem",
      ],
      swiftSettings: strict
    ),
    .executableTarget(name: "graph-explorer", dependencies: ["ExplorerCLI"], swiftSettings: strict),
    .executableTarget(
      name: "graph-bench",
      dependencies: ["GraphJSON", "GraphAPI", "GraphEmulator", "GraphCassette", "GraphLive"],
      swiftSettings: strict
    ),
    .target(name: "GraphJSONTestSupport", dependencies: ["GraphJSON"], swiftSettings: strict),
    .target(
      name: "GraphTestSupport",
      dependencies: ["GraphJSON", "GraphJSONTestSupport", "GraphAPI", "GraphGzip"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GraphJSONTests", dependencies: ["GraphJSON", "GraphJSONTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GraphAPITests", dependencies: ["GraphAPI", "GraphJSON", "GraphTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "GraphLiveTests",
      dependencies: [
        "GraphLive", "GraphAPI", "GraphJSON", "GraphServer", "GraphEmulator", "GraphCassette",
        "GraphGzip", "GraphTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "GraphEmulatorTests",
      dependencies: ["GraphEmulator", "GraphAPI", "GraphJSON", "GraphTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "GraphCassetteTests",
      dependencies: [
        "GraphCassette", "GraphAPI", "GraphJSON", "GraphYAML", "GraphGzip", "GraphEmulator",
        "GraphTestSupport", "GraphJSONTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "GraphYAMLTests", dependencies: ["GraphYAML", "GraphJSON"], swiftSettings: strict),
    .testTarget(
      name: "GraphServerTests",
      dependencies: ["GraphServer", "GraphAPI", "GraphJSON", "GraphEmulator", "GraphTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "GraphProxyTests",
      dependencies: [
        "GraphProxy", "GraphAPI", "GraphServer", "GraphEmulator", "GraphTestSupport", "COpenSSL",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ExplorerCLITests",
      dependencies: [
        "ExplorerCLI", "GraphTestSupport", "GraphJSON", "GraphAPI", "GraphEmulator",
        "GraphCassette", "GraphGzip", "GraphServer", "GraphLive",
      ],
      swiftSettings: strict),
  ]
)
