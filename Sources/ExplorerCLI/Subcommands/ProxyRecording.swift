import Foundation
import GraphAPI
import GraphCassette
import GraphLive

/// `graph-explorer proxy --record`: each request for a Facebook host goes to that host (or to
/// `--upstream`) over TLS verified by libcurl, and is recorded as the client addressed it
/// (`https://graph.facebook.com/...`, without the hop's headers), so the cassette replays
/// through the proxy or `serve` alike.
enum ProxyRecording {
  /// The transport recording into `cassette`.
  /// - Throws: `ServeOptions.UsageError` when the cassette exists or the upstream is no URL.
  static func transport(
    cassette: String, upstreamOverride: String?, caBundle: String?, maxAnswerBytes: Int
  ) throws(ServeOptions.UsageError) -> ServeSource {
    guard !FileManager.default.fileExists(atPath: cassette) else {
      throw ServeOptions.UsageError(
        description: "--record: \(cassette) already exists; record into a new file")
    }
    // The proxy is its clients' HTTPS_PROXY; its own requests must not come back to it.
    let network = CurlTransport(
      maxAnswerBytes: maxAnswerBytes, maxTransfers: ServeSource.upstreamConnections,
      caBundle: caBundle, ignoresProxyEnvironment: true)
    var upstream: any GraphTransport = network
    var description = "Facebook's hosts"
    if let upstreamOverride {
      guard var forward = UpstreamTransport(upstream: upstreamOverride, inner: network) else {
        throw ServeOptions.UsageError(description: "--upstream: '\(upstreamOverride)' is not a URL")
      }
      forward.forwardsAddress = true
      upstream = forward
      description = forward.base
    }
    do {
      let recorder = try CassetteRecorder(
        wrapping: upstream, file: cassette, mode: .once,
        recordedWith: "graph-explorer \(GraphExplorer.version) proxy",
        keepsInteractions: false)
      return ServeSource(
        transport: HopHeadersDropped(inner: recorder),
        description: "\(description) (recording to \(cassette))")
    } catch {
      throw ServeOptions.UsageError(description: "--record: \(error)")
    }
  }
}

/// Drops the headers that belonged to the hop from the client (`Host`, `Proxy-Connection`,
/// `Content-Length`, ...; `UpstreamTransport.hopHeaders`) before the request goes on.
struct HopHeadersDropped: GraphTransport {
  let inner: any GraphTransport

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var request = request
    request.headers.fields.removeAll {
      UpstreamTransport.hopHeaders.contains($0.name.lowercased())
    }
    return try await inner.send(request)
  }
}
