import GraphAPI

@testable import GraphServer

/// GraphServer's HTTP/1.1 request parser (`HTTPConnectionParser`) fed the input in pieces (the
/// first byte picks the piece size, as reads from a socket would split it), then the end of
/// input. It never crashes and never spins (a bounded number of actions per byte), and each
/// request it returns becomes an `HTTPRequest` whose URL and Graph request parse without
/// crashing, as the server and the emulator read them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  guard let first = bytes.first else { return 0 }
  let input = bytes.dropFirst()
  let piece = Int(first % 64) + 1
  let limits = HTTPLimits(
    maxRequestLineBytes: 512, maxHeaderBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 4096)
  var drive = Drive(parser: HTTPConnectionParser(limits: limits), budget: 4 * bytes.count + 16)
  var offset = input.startIndex
  while offset < input.endIndex {
    let end = min(offset + piece, input.endIndex)
    drive.parser.receive(input[offset..<end])
    offset = end
    if drive.runUntilWaitingOrClosed() { return 0 }
  }
  drive.parser.receiveEnd()
  _ = drive.runUntilWaitingOrClosed()
  return 0
}

/// The parser and how many more actions it may take before it is judged to spin.
private struct Drive {
  var parser: HTTPConnectionParser
  var budget: Int

  /// Calls `next()` until it needs more bytes (false) or closes the connection (true).
  mutating func runUntilWaitingOrClosed() -> Bool {
    while true {
      budget -= 1
      fuzzRequire(budget >= 0, "the parser keeps acting without consuming input")
      switch parser.next() {
      case .needMore: return false
      case .sendContinue: continue
      case .request(let request): use(request)
      case .reject, .close: return true
      }
    }
  }

  /// What the server does with a parsed request before handing it to a transport, and what
  /// the emulator does first with it.
  private func use(_ parsed: ParsedRequest) {
    let request = HTTPRequest(
      method: parsed.method, url: parsed.absoluteURL(fallbackAuthority: "127.0.0.1:8080"),
      headers: parsed.headers, body: parsed.body)
    if let parts = URLParts(request.url) {
      _ = parts.queryItems.queryString
      _ = parts.pathComponents
    }
    _ = try? GraphRequest(parsing: request)
  }
}
