import GraphServer

/// Reads the head of a `CONNECT` request off a blocking socket, consuming exactly its bytes
/// (what follows is the client's TLS), and checks it with the server's own parser.
enum ConnectHead {
  enum Outcome {
    case request(ParsedRequest)
    case refused(GraphServerError)
  }

  /// The request, or the refusal the server would give it; `nil` when the client went away.
  static func read(_ fd: Int32, limits: HTTPLimits) -> Outcome? {
    let cap = limits.maxRequestLineBytes + limits.maxHeaderBytes
    var head: [UInt8] = []
    while true {
      guard let peeked = ProxySocket.peek(fd, count: min(16 * 1024, cap + 4 - head.count)) else {
        return nil
      }
      // The end of the head may straddle what was read and what is peeked now.
      let searchFrom = max(0, head.count - 3)
      let joined = head[searchFrom...] + peeked
      if let end = endOfHead(joined) {
        let take = end - (head.count - searchFrom)
        guard ProxySocket.consume(fd, count: take) else { return nil }
        head += peeked[0..<take]
        break
      }
      guard ProxySocket.consume(fd, count: peeked.count) else { return nil }
      head += peeked
      if head.count > cap {
        return .refused(
          .badRequest(status: 431, reason: "the CONNECT request's head is larger than \(cap) bytes")
        )
      }
    }
    // The server's parser takes paths and URLs, not an authority: it checks the rest of the
    // head with `/` in the authority's place.
    guard let lineEnd = head.firstIndex(of: 10) else { return nil }
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
