import GraphAPI

/// One HTTP/1.x answer read from its bytes as they arrive, as libcurl reads it for
/// `CurlTransport` (`LoopHTTPTransport`'s parser): the status line; the header lines as
/// received (`Transfer-Encoding` and all, an interim 1xx answer's dropped, trailers added); the
/// body by `Content-Length`, chunked, or until the peer closes, de-chunked and never past
/// `limit` bytes; and whether the connection may carry another exchange.
struct UpstreamAnswerReader {
  /// Why the bytes are no answer: `reason` is libcurl's text for the same failure where it has one.
  enum Failure: Error, Equatable {
    case malformed(String)
    case tooLarge
    case headersTooLarge
  }

  private enum Stage: Equatable {
    case statusLine, headers
    case body(remaining: Int)
    case untilClose
    case chunkSize
    case chunkData(remaining: Int)
    case chunkDataEnd, trailers, done
  }

  /// The longest chunk-size line read.
  static let maxChunkLine = 4096

  let limit: Int
  /// Whether the request can have an answer body (not `HEAD`).
  let expectsBody: Bool
  private var stage = Stage.statusLine
  private var line: [UInt8] = []
  private var headerBytes = 0
  private(set) var status = 0
  private(set) var headers = HTTPHeaders()
  private(set) var body: [UInt8] = []
  /// Whether the connection may be used again once the answer is read.
  private(set) var keepAlive = true
  /// Whether any byte came.
  private(set) var receivedAny = false

  init(limit: Int, expectsBody: Bool) {
    self.limit = limit
    self.expectsBody = expectsBody
  }

  var isDone: Bool { stage == .done }

  /// Reads `bytes`; throws when they are no answer or pass a limit.
  mutating func receive(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    receivedAny = receivedAny || !bytes.isEmpty
    var index = 0
    while index < bytes.count {
      switch stage {
      case .done:
        // Bytes after the answer: the connection is not used again.
        keepAlive = false
        return
      case .body(let remaining):
        let count = min(remaining, bytes.count - index)
        try append(bytes, index..<index + count)
        index += count
        stage = remaining == count ? .done : .body(remaining: remaining - count)
      case .chunkData(let remaining):
        let count = min(remaining, bytes.count - index)
        try append(bytes, index..<index + count)
        index += count
        stage = remaining == count ? .chunkDataEnd : .chunkData(remaining: remaining - count)
      case .untilClose:
        try append(bytes, index..<bytes.count)
        index = bytes.count
      case .statusLine, .headers, .chunkSize, .chunkDataEnd, .trailers:
        let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
        let newline = rest.firstIndex(of: 0x0A)
        let end = newline.map { index + $0 } ?? bytes.count
        let inHead = stage == .statusLine || stage == .headers || stage == .trailers
        if inHead {
          headerBytes += end - index + 1
          guard headerBytes <= CurlTransfer.maxHeaderBytes else { throw .headersTooLarge }
        } else if line.count + end - index > Self.maxChunkLine {
          throw .malformed("the chunk-size line is longer than \(Self.maxChunkLine) bytes")
        }
        line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
        index = end + 1
        guard newline != nil else { return }
        if line.last == 0x0D { line.removeLast() }
        try completeLine()
        line.removeAll(keepingCapacity: true)
      }
    }
  }

  /// The peer closed: an answer read until the close ends here; any other unfinished one is
  /// cut, with libcurl's words for it.
  mutating func receiveEnd() throws(Failure) {
    switch stage {
    case .done: return
    case .untilClose: stage = .done
    case .statusLine where !receivedAny: throw .malformed("Empty reply from server")
    case .statusLine, .headers:
      throw .malformed("the connection closed in the answer's head")
    case .body(let remaining):
      throw .malformed("transfer closed with \(remaining) bytes remaining to read")
    case .chunkSize, .chunkData, .chunkDataEnd, .trailers:
      throw .malformed("transfer closed with outstanding read data remaining")
    }
  }

  private mutating func append(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>)
    throws(Failure)
  {
    guard range.count <= limit - body.count else { throw .tooLarge }
    body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
  }

  private mutating func completeLine() throws(Failure) {
    switch stage {
    case .statusLine:
      try readStatusLine()
    case .headers, .trailers:
      if line.isEmpty {
        if stage == .trailers { stage = .done } else { try endOfHead() }
        return
      }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
      let name = String(decoding: line[..<colon], as: UTF8.self)
      let value = line[(colon + 1)...].withUnsafeBytes { CurlTransfer.trimmedValue($0) }
      headers.add(name, value)
      if stage == .headers, name.lowercased() == "connection" {
        let tokens = value.lowercased()
        if tokens.contains("close") { keepAlive = false }
        if tokens.contains("keep-alive") { keepAlive = true }
      }
    case .chunkSize:
      var size = 0
      var digits = 0
      for byte in line {
        let value: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = Int(byte - UInt8(ascii: "A")) + 10
        default: value = -1
        }
        if value < 0 { break }
        digits += 1
        guard digits <= 15 else { throw .malformed("invalid chunk size: too many digits") }
        size = size * 16 + value
      }
      guard digits > 0 else {
        throw .malformed("Illegal or missing hexadecimal sequence in chunked-encoding")
      }
      if size == 0 {
        stage = .trailers
      } else {
        guard size <= limit - body.count else { throw .tooLarge }
        stage = .chunkData(remaining: size)
      }
    case .chunkDataEnd:
      guard line.isEmpty else { throw .malformed("Malformed encoding found in chunked-encoding") }
      stage = .chunkSize
    case .body, .untilClose, .chunkData, .done:
      break
    }
  }

  /// `HTTP/1.x NNN reason`.
  private mutating func readStatusLine() throws(Failure) {
    let prefix = Array("HTTP/1.".utf8)
    guard line.count >= 12, line.starts(with: prefix),
      line[7] == UInt8(ascii: "0") || line[7] == UInt8(ascii: "1"), line[8] == UInt8(ascii: " "),
      line[9...11].allSatisfy({ $0 &- 48 < 10 })
    else {
      throw .malformed(
        line.starts(with: Array("HTTP/".utf8))
          ? "Unsupported HTTP version in response" : "Received HTTP/0.9 when not allowed")
    }
    status = line[9...11].reduce(0) { $0 * 10 + Int($1 - 48) }
    keepAlive = line[7] == UInt8(ascii: "1")
    headers = HTTPHeaders()
    stage = .headers
  }

  /// The empty line after the headers: an interim answer starts over; otherwise how the body is
  /// framed decides what follows.
  private mutating func endOfHead() throws(Failure) {
    if (100..<200).contains(status), status != 101 {
      stage = .statusLine
      return
    }
    guard expectsBody, status != 204, status != 304, !(100..<200).contains(status) else {
      stage = .done
      return
    }
    if let coding = headers["Transfer-Encoding"], coding.lowercased().contains("chunked") {
      stage = .chunkSize
      return
    }
    if let text = headers["Content-Length"] {
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 &- 48 < 10 }), text.utf8.count <= 18,
        let length = Int(text)
      else { throw .malformed("Invalid Content-Length: \(TerminalText.escaped(text))") }
      guard length <= limit else { throw .tooLarge }
      body.reserveCapacity(length)
      stage = length == 0 ? .done : .body(remaining: length)
      return
    }
    keepAlive = false
    stage = .untilClose
  }
}
