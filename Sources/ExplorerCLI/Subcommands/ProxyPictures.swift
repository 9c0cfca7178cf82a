import GraphAPI
import GraphEmulator

/// The emulator behind `graph-explorer proxy`. It answers its CDN-style picture and photo URLs
/// itself (`PictureCDN`, read back in the emulator, so `serve` answers them alike); this names
/// the emulator the proxy answers from (`--throttle` reaches it through here).
struct ProxyPictures: ImmediateGraphTransport {
  let emulator: GraphEmulator

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try answerNow(request)
  }

  func answerNow(_ request: HTTPRequest) throws -> HTTPResponse {
    try emulator.answerNow(request)
  }
}
