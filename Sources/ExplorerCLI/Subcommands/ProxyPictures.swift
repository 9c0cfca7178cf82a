import GraphAPI
import GraphEmulator

/// The emulator behind `graph-explorer proxy`: a request for one of its CDN-style profile
/// picture URLs (`PictureCDN`) is asked as the emulator's own picture path on Graph's host, so
/// an app that loads `https://fbcdn-profile-a.akamaihd.net/...` gets the person's picture.
struct ProxyPictures: ImmediateGraphTransport {
  let emulator: GraphEmulator

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try answerNow(request)
  }

  func answerNow(_ request: HTTPRequest) throws -> HTTPResponse {
    guard let path = PictureCDN.emulatorPath(for: request.url) else {
      return try emulator.answerNow(request)
    }
    var picture = request
    picture.url = "https://graph.facebook.com" + path
    return try emulator.answerNow(picture)
  }
}
