import GraphServer

/// The head of a `CONNECT` request, found in the bytes a client sent (what follows it is the
/// client's TLS) and checked with the server's own parser.
enum ConnectHead {
  enum Outcome: Sendable {
    case request(ParsedRequest)
    case refused(GraphServerError)
  }

  /// The most bytes a head may take.
  static func cap(_ limits: HTTPLimits) -> Int {
    limits.maxRequestLineBytes + limits.maxHeaderBytes
  }

  /// Where the head in `bytes` ends and what it asks, `nil` while it has not all arrived (up
  /// to `cap`), or a 431 once it is larger. `searched` bytes were looked at before (and held
  /// no end): the search starts just before them, so a head arriving a byte at a time costs
  /// linear time.
  static func find(_ bytes: [UInt8], searched: Int, limits: HTTPLimits) -> (
    end: Int, outcome: Outcome
  )? {
    let cap = cap(limits)
    let from = max(0, min(searched, bytes.count) - 3)
    guard let found = endOfHead(bytes[from...]), from + found <= cap + 4 else {
      guard bytes.count > cap + 4 else { return nil }
      return (
        bytes.count,
        .refused(
          .badRequest(status: 431, reason: "the CONNECT request's head is larger than \(cap) bytes")
        )
      )
    }
    return (from + found, parse(bytes[..<(from + found)], limits: limits))
  }

  /// The request in the complete head `head`, or the refusal the server would give it.
  static func parse(_ head: ArraySlice<UInt8>, limits: HTTPLimits) -> Outcome {
    // The server's parser takes paths and URLs, not an authority: it checks the rest of the
    // head with `/` in the authority's place.
    guard let lineEnd = head.firstIndex(of: 10) else {
      return .refused(.badRequest(status: 400, reason: "the CONNECT request has no line end"))
    }
    let line = head[..<lineEnd].split(separator: 32, omittingEmptySubsequences: false)
    guard line.count == 3, let authority = validAuthority(line[1]) else {
      return .refused(
        .badRequest(
          status: 400, reason: "a CONNECT request line must be 'CONNECT host:port HTTP/1.1'"))
    }
    var parser = HTTPConnectionParser(limits: limits)
    parser.receive(Array("CONNECT / ".utf8) + line[2] + head[lineEnd...])
    switch parser.next() {
    case .request(var request):
      request.target = authority
      return .request(request)
    case .reject(let error):
      return .refused(error)
    case .needMore, .sendContinue, .close:
      return .refused(
        .badRequest(status: 400, reason: "a CONNECT request must not have a body"))
    }
  }

  /// `host:port` when it is one: letters, digits, `.-_`, or an IPv6 address in brackets,
  /// then a port.
  static func validAuthority(_ bytes: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    let (host, port) = GraphHosts.split(authority: text)
    guard let port, (1...65535).contains(port), !host.isEmpty, host.utf8.count <= 253,
      host.utf8.allSatisfy({ byte in
        (48...57).contains(byte) || (97...122).contains(byte) || byte == 46 || byte == 45
          || byte == 95 || byte == 58
      })
    else { return nil }
    return text
  }

  /// The offset just past the first empty line (`\r\n\r\n` or `\n\n`), if any.
  static func endOfHead(_ bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == 10 {
        let next = bytes.index(after: index)
        if next < bytes.endIndex, bytes[next] == 10 { return next + 1 - bytes.startIndex }
        if next + 1 < bytes.endIndex, bytes[next] == 13, bytes[next + 1] == 10 {
          return next + 2 - bytes.startIndex
        }
      }
      index += 1
    }
    return nil
  }
}
