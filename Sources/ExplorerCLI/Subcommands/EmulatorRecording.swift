import GraphAPI
import GraphCassette
import GraphEmulator

/// `serve --record CASSETTE` without `--upstream`: the emulator answers and every exchange is
/// recorded, on the server's I/O thread as plain `serve` answers (no task, no hop), so what
/// recording costs is measured against `serve` doing the same work (issue 48). The request is
/// recorded as it reached the server, without the hop's headers (`Host`, `Connection`,
/// `Content-Length`, ...), as `serve --record --upstream` records what it forwards.
struct EmulatorRecording: ImmediateGraphTransport {
  let emulator: GraphEmulator
  let recorder: CassetteRecorder

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try answerNow(request)
  }

  func answerNow(_ request: HTTPRequest) throws -> HTTPResponse {
    var request = request
    request.headers.fields.removeAll {
      UpstreamTransport.hopHeaders.contains($0.name.lowercased())
    }
    return try recorder.answerNow(request, from: emulator)
  }
}
