import GraphAPI

/// The request side of one HTTP/1.1 connection as a pure state machine: bytes go in with
/// `receive(_:)` (and `receiveEnd()` when the client closes), and each call to `next()` says
/// what the connection should do now. It never touches a socket, so it is tested with byte
/// strings.
///
/// It reads `Content-Length` and chunked bodies, answers `Expect: 100-continue`, handles
/// pipelined requests (several in one read), keep-alive for HTTP/1.1 and 1.0, and enforces
/// `HTTPLimits` (414 for the request line, 431 for the header section, 413 for the body).
/// After a rejection or a request that closes the connection, `next()` only returns `.close`.
///
/// - Complexity: O(n) in the bytes received; each byte is scanned once.
package struct HTTPConnectionParser: Sendable {
  /// What the connection should do next.
  package enum Action: Sendable, Equatable {
    /// Nothing to do until more bytes arrive.
    case needMore
    /// Write `HTTP/1.1 100 Continue` (the client is waiting for it before sending the body),
    /// then call `next()` again.
    case sendContinue
    /// A complete request: answer it before calling `next()` again.
    case request(ParsedRequest)
    /// The client sent something unacceptable: answer with the error's status and close.
    case reject(GraphServerError)
    /// Close the connection: the client is done, or the last request asked to close.
    case close
  }

  enum Phase: Sendable {
    case head, fixedBody, chunkSize, chunkData, chunkDataEnd, trailers, failed, closed
  }

  /// Where the scan for the end of the head (or of the trailers) has got to; offsets are
  /// relative to `start`.
  struct LineScan: Sendable {
    var scanned = 0
    var lineStart = 0
    var lines: [Range<Int>] = []
    /// Where the lines after the first begin (head scans only).
    var sectionStart = 0

    /// Ready for the next section, keeping the storage of `lines`.
    mutating func reset() {
      scanned = 0
      lineStart = 0
      lines.removeAll(keepingCapacity: true)
      sectionStart = 0
    }
  }

  /// A parsed request head waiting for its body.
  struct Head: Sendable {
    var method: String
    var target: String
    var minorVersion: Int
    var headers: HTTPHeaders
    /// The first `Host` value among `headers`.
    var host: String?
    var keepAlive: Bool
    var expectsContinue: Bool
  }

  package let limits: HTTPLimits
  var buffer: [UInt8] = []
  /// The first byte not consumed yet.
  var start = 0
  var phase = Phase.head
  var scan = LineScan()
  var head: Head?
  var body: [UInt8] = []
  /// Bytes still to read of a fixed-length body or of the current chunk.
  var remaining = 0
  var inputEnded = false

  package init(limits: HTTPLimits = HTTPLimits()) {
    self.limits = limits
  }

  /// Adds bytes read from the client.
  package mutating func receive(_ bytes: some Collection<UInt8>) {
    if start > 0, start == buffer.count || start >= 16 * 1024 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Records that the client closed its side: nothing more will arrive.
  package mutating func receiveEnd() {
    inputEnded = true
  }

  /// Whether part of a request has been received and not yet returned.
  package var hasPartialRequest: Bool {
    switch phase {
    case .head: return buffer.count > start
    case .failed, .closed: return false
    default: return true
    }
  }

  /// The next thing the connection should do.
  package mutating func next() -> Action {
    while true {
      let step: Action?
      switch phase {
      case .failed, .closed: return .close
      case .head: step = scanHead()
      case .fixedBody: step = readFixedBody()
      case .chunkSize: step = readChunkSize()
      case .chunkData: step = readChunkData()
      case .chunkDataEnd: step = readChunkDataEnd()
      case .trailers: step = readTrailers()
      }
      if let step { return step }
    }
  }

  // MARK: - Bodies

  mutating func readFixedBody() -> Action? {
    if let action = continueIfWaiting() { return action }
    guard buffer.count - start >= remaining else { return starved() }
    body = Array(buffer[start..<start + remaining])
    start += remaining
    return complete()
  }

  mutating func readChunkSize() -> Action? {
    if let action = continueIfWaiting() { return action }
    let maxLine = 1024
    guard let lf = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else {
      if buffer.count - start > maxLine { return reject(400, "a chunk size line is too long") }
      return starved()
    }
    // CRLF only (RFC 9112 7.1): a bare LF is read differently by other parsers on the way.
    guard lf > start, buffer[lf - 1] == UInt8(ascii: "\r") else {
      return reject(400, "a chunk size line does not end with CRLF")
    }
    let line = buffer[start..<(lf - 1)]
    start = lf + 1
    var size = 0
    var digits = 0
    for (offset, byte) in line.enumerated() {
      guard let value = Self.hexValue(byte) else {
        // Only an extension may follow the size, after optional whitespace: `1a ;x=y`.
        let rest = line.dropFirst(offset).drop { $0 == UInt8(ascii: " ") || $0 == 9 }
        if digits > 0, rest.first == UInt8(ascii: ";") { break }
        return reject(400, "the chunk size '\(Self.text(line))' is not hexadecimal")
      }
      digits += 1
      // Judged by value, so leading zeros (`000...0010`) are fine; anything past 2^52 is
      // beyond every body limit and is refused before it can overflow.
      size = size * 16 + value
      guard size <= 1 << 52 else { return reject(413, "a chunk is larger than the body limit") }
    }
    guard digits > 0 else { return reject(400, "a chunk size line is empty") }
    guard size <= limits.maxBodyBytes - body.count else {
      return reject(413, "the body is larger than \(limits.maxBodyBytes) bytes")
    }
    if size == 0 {
      scan.reset()
      phase = .trailers
    } else {
      remaining = size
      phase = .chunkData
    }
    return nil
  }

  mutating func readChunkData() -> Action? {
    let count = min(buffer.count - start, remaining)
    guard count > 0 else { return starved() }
    body.append(contentsOf: buffer[start..<start + count])
    start += count
    remaining -= count
    if remaining == 0 { phase = .chunkDataEnd }
    return nil
  }

  mutating func readChunkDataEnd() -> Action? {
    guard start < buffer.count else { return starved() }
    if buffer[start] == UInt8(ascii: "\n") {
      return reject(400, "chunk data is followed by a bare LF, not CRLF")
    } else if buffer[start] == UInt8(ascii: "\r") {
      guard start + 1 < buffer.count else { return starved() }
      guard buffer[start + 1] == UInt8(ascii: "\n") else {
        return reject(400, "chunk data is not followed by CRLF")
      }
      start += 2
    } else {
      return reject(400, "chunk data is longer than its chunk size")
    }
    phase = .chunkSize
    return nil
  }

  /// Reads the trailer section after the last chunk; its fields are checked and dropped.
  mutating func readTrailers() -> Action? {
    switch scanLines(limit: limits.maxHeaderBytes) {
    case .incomplete, .firstLineTooLong:
      return starved()
    case .sectionTooLong:
      return reject(
        431, "the chunked trailer section is larger than \(limits.maxHeaderBytes) bytes")
    case .tooManyLines:
      return reject(431, "there are more than \(limits.maxHeaderCount) trailer fields")
    case .complete(let end):
      for range in scan.lines
      where !buffer[(start + range.lowerBound)..<(start + range.upperBound)].contains(58) {
        return reject(400, "a trailer line has no colon")
      }
      start += end
      return complete()
    }
  }

  // MARK: - Shared steps

  /// Answers `Expect: 100-continue` once, if the body has not started arriving.
  mutating func continueIfWaiting() -> Action? {
    guard head?.expectsContinue == true else { return nil }
    head?.expectsContinue = false
    return buffer.count == start ? .sendContinue : nil
  }

  /// The action when the bytes so far are not enough: wait, or refuse a truncated request.
  mutating func starved() -> Action {
    guard inputEnded else { return .needMore }
    if phase == .head, buffer.count == start {
      phase = .closed
      return .close
    }
    return reject(400, "the connection ended in the middle of a request")
  }

  mutating func reject(_ status: Int, _ reason: String) -> Action {
    phase = .failed
    head = nil
    body = []
    return .reject(.badRequest(status: status, reason: reason))
  }

  /// Returns the finished request and gets ready for the next one.
  mutating func complete() -> Action {
    guard let head = head.take() else { return reject(400, "a body arrived without a request") }
    return complete(head)
  }

  /// Returns the request of `head` and the body read so far, and gets ready for the next one.
  /// The head is consumed: its strings and headers move into the request, no copy.
  mutating func complete(_ head: consuming Head) -> Action {
    let keepAlive = head.keepAlive
    let request = ParsedRequest(
      method: head.method, target: head.target, minorVersion: head.minorVersion,
      headers: head.headers, host: head.host, body: body, keepAlive: keepAlive)
    body = []
    scan.reset()
    phase = keepAlive ? .head : .closed
    return .request(request)
  }

  static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  /// Bytes shown in an error message: printable ASCII kept, the rest as `?`, cut at 40.
  static func text(_ bytes: some Collection<UInt8>) -> String {
    let shown = bytes.prefix(40).map { (32..<127).contains($0) ? $0 : UInt8(ascii: "?") }
    return String(decoding: shown, as: UTF8.self) + (bytes.count > 40 ? "..." : "")
  }
}
