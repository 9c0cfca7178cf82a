import GraphAPI
import Testing

@testable import GraphServer

/// Feeds `input` to a parser (in pieces of `piece` bytes, or whole), then reports every action
/// up to the first one that waits or ends, the way a connection would drive it.
private func actions(
  _ input: String, piece: Int? = nil, end: Bool = false,
  limits: HTTPLimits = HTTPConnectionParserTests.limits
) -> [HTTPConnectionParser.Action] {
  var parser = HTTPConnectionParser(limits: limits)
  var result: [HTTPConnectionParser.Action] = []
  let bytes = Array(input.utf8)
  let size = piece ?? max(bytes.count, 1)
  var offset = 0
  repeat {
    parser.receive(bytes[offset..<min(offset + size, bytes.count)])
    offset += size
    if offset >= bytes.count, end { parser.receiveEnd() }
    drive: while true {
      let action = parser.next()
      switch action {
      case .needMore: break drive
      case .request, .sendContinue: result.append(action)
      case .reject, .close:
        result.append(action)
        return result
      }
    }
  } while offset < bytes.count
  return result
}

private func requests(_ actions: [HTTPConnectionParser.Action]) -> [ParsedRequest] {
  actions.compactMap { if case .request(let r) = $0 { r } else { nil } }
}

private func rejection(_ actions: [HTTPConnectionParser.Action]) -> Int? {
  for case .reject(let error) in actions { return error.status }
  return nil
}

@Suite struct HTTPConnectionParserTests {
  static let limits = HTTPLimits(
    maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 4, maxBodyBytes: 32)

  @Test func simpleGet() {
    let got = requests(
      actions("GET /me?fields=id,name{first} HTTP/1.1\r\nHost: a:1\r\nX-A: b \r\n\r\n"))
    #expect(
      got == [
        ParsedRequest(
          method: "GET", target: "/me?fields=id,name{first}",
          headers: ["Host": "a:1", "X-A": "b"])
      ])
    #expect(got.first?.absoluteURL(fallbackAuthority: "x") == "http://a:1/me?fields=id,name{first}")
  }

  @Test func contentLengthBody() {
    let got = requests(actions("POST /f HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"))
    #expect(got.map(\.body) == [Array("hello".utf8)])
  }

  @Test func chunkedBodyWithExtensionsAndTrailers() {
    let input =
      "POST /f HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "5;name=x\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nX-Trailer: 1\r\n\r\n"
    let got = requests(actions(input))
    #expect(got.map(\.body) == [Array("hello world".utf8)])
  }

  /// A chunk size is judged by value: 20 leading zeros used to get 413 ("more than 15 digits").
  @Test func chunkSizesWithLeadingZerosAreReadByValue() {
    let zeros = String(repeating: "0", count: 20)
    let input =
      "POST /f HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "\(zeros)5\r\nhello\r\n\(zeros)0\r\n\r\n"
    #expect(requests(actions(input)).map(\.body) == [Array("hello".utf8)])
    #expect(requests(actions(input, piece: 1)).map(\.body) == [Array("hello".utf8)])
    let huge = "POST /f HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
    #expect(rejection(actions(huge + "\(zeros)fffffffffffffffffff\r\n")) == 413)
  }

  @Test func pipelinedRequestsComeOutInOrder() {
    let input =
      "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi"
      + "GET /3 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /4 HTTP/1.1\r\n"
    let got = actions(input)
    #expect(requests(got).map(\.target) == ["/1", "/2", "/3"])
    #expect(requests(got).map(\.keepAlive) == [true, true, false])
    #expect(got.last == .close)
  }

  @Test(arguments: [
    ("GET / HTTP/1.0\r\n\r\n", false),
    ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true),
    ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
    ("GET / HTTP/1.1\r\nHost: a\r\nConnection: te, keep-alive\r\n\r\n", true),
  ])
  func keepAlive(input: String, expected: Bool) {
    #expect(requests(actions(input)).map(\.keepAlive) == [expected])
  }

  @Test func expectContinueAsksForTheBody() {
    var parser = HTTPConnectionParser(limits: Self.limits)
    parser.receive(Array("PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n".utf8))
    #expect(parser.next() == .needMore)
    parser.receive(Array("Content-Length: 3\r\n\r\n".utf8))
    #expect(parser.next() == .sendContinue)
    #expect(parser.next() == .needMore)
    parser.receive(Array("abc".utf8))
    #expect(requests([parser.next()]).map(\.body) == [Array("abc".utf8)])
  }

  @Test func expectContinueNotSentWhenTheBodyIsAlreadyThere() {
    let got = actions(
      "PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nz")
    #expect(got.count == 1)
    #expect(requests(got).map(\.body) == [[UInt8(ascii: "z")]])
  }

  @Test func leadingEmptyLinesAndBareLineFeedsAreAccepted() {
    let got = requests(actions("\r\n\r\nGET /x HTTP/1.1\nHost: a\n\n"))
    #expect(got.map(\.target) == ["/x"])
  }

  @Test func absoluteFormTargetIsTheURL() {
    let got = requests(actions("GET http://graph.facebook.com/me HTTP/1.1\r\nHost: b\r\n\r\n"))
    #expect(got.first?.absoluteURL(fallbackAuthority: "x") == "http://graph.facebook.com/me")
  }

  @Test func missingHostInHTTP10UsesTheFallback() {
    let got = requests(actions("GET /x HTTP/1.0\r\n\r\n"))
    #expect(got.first?.absoluteURL(fallbackAuthority: "127.0.0.1:9") == "http://127.0.0.1:9/x")
  }

  @Test func latin1HeaderValueIsKept() {
    var parser = HTTPConnectionParser()
    parser.receive(
      Array("GET / HTTP/1.1\r\nHost: a\r\nX-Name: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8))
    #expect(requests([parser.next()]).first?.headers["X-Name"] == "café")
  }

  @Test(arguments: [
    ("garbage\r\n\r\n", 400),
    ("\u{16}\u{03}\u{01}\u{02}\u{00}\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a/b\r\n\r\n", 400),
    ("GET /x HTTP/2.0\r\nHost: a\r\n\r\n", 505),
    ("GET /x HTTP/1.1 extra\r\nHost: a\r\n\r\n", 400),
    ("GET x HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("GET  /x HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("G(T /x HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a\r\n Folded: x\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a\r\nX: a\u{01}b\r\n\r\n", 400),
    ("GET /x HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
    ("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
    ("POST /x HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\n\r\n", 417),
    ("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 33\r\n\r\n", 413),
    ("GET /" + String(repeating: "a", count: 60) + " HTTP/1.1\r\nHost: a\r\n\r\n", 414),
    ("GET /" + String(repeating: "a", count: 100), 414),
    ("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "v", count: 130) + "\r\n\r\n", 431),
    ("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "v", count: 200), 431),
    ("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", 431),
    ("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n21\r\n", 413),
    (
      "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n"
        + String(repeating: "x", count: 16) + "\r\n11\r\n", 413
    ),
    ("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", 400),
    ("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n", 400),
    (
      "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nbad trailer\r\n\r\n",
      400
    ),
  ])
  func rejects(input: String, status: Int) {
    #expect(rejection(actions(input)) == status, "whole")
    #expect(rejection(actions(input, piece: 1)) == status, "byte by byte")
  }

  @Test(arguments: [
    "GET /x HTTP/1.1\r\nHo",
    "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nabc",
    "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
  ])
  func truncatedRequestIsRejectedAtEndOfInput(input: String) {
    #expect(rejection(actions(input, end: true)) == 400)
  }

  @Test func endOfInputBetweenRequestsCloses() {
    let got = actions("GET /x HTTP/1.1\r\nHost: a\r\n\r\n", end: true)
    #expect(requests(got).count == 1)
    #expect(got.last == .close)
  }

  @Test func nothingIsParsedAfterARejection() {
    var parser = HTTPConnectionParser(limits: Self.limits)
    parser.receive(Array("BAD\r\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    #expect(rejection([parser.next()]) == 400)
    #expect(parser.next() == .close)
  }

  /// However the bytes are split across reads, the same requests come out.
  @Test(arguments: [1, 2, 3, 7, 13, 64])
  func splittingTheInputDoesNotChangeTheResult(piece: Int) {
    let input =
      "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nbody"
      + "POST /b HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
      + "\r\nGET /c HTTP/1.1\r\nHost: a\r\n\r\n"
    let limits = HTTPLimits()
    #expect(actions(input, piece: piece, limits: limits) == actions(input, limits: limits))
    #expect(
      requests(actions(input, piece: piece, limits: limits)).map(\.target) == ["/a", "/b", "/c"])
  }

  @Test func partialRequestIsReported() {
    var parser = HTTPConnectionParser()
    #expect(!parser.hasPartialRequest)
    parser.receive(Array("GET /x HTTP/1.1\r\n".utf8))
    #expect(parser.next() == .needMore)
    #expect(parser.hasPartialRequest)
    parser.receive(Array("Host: a\r\n\r\n".utf8))
    _ = parser.next()
    #expect(!parser.hasPartialRequest)
  }
}

/// The reader's framing as strict as RFC 9112 (issue 31): what other parsers on the way would
/// read differently is refused; `OPTIONS *` is served.
@Suite struct HTTPStrictFramingTests {
  static let chunked = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"

  @Test(arguments: [
    (chunked + "5\nhello\r\n0\r\n\r\n", 400, "a chunk size line does not end with CRLF"),
    (chunked + "5\r\nhello\n0\r\n\r\n", 400, "bare LF"),
    (chunked + "5 \r\nhello\r\n0\r\n\r\n", 400, "is not hexadecimal"),
    (chunked + "5\t\r\nhello\r\n0\r\n\r\n", 400, "is not hexadecimal"),
    ("get /x HTTP/1.1\r\nHost: a\r\n\r\n", 501, "the method 'get' is not implemented"),
    ("Get /x HTTP/1.1\r\nHost: a\r\n\r\n", 501, "the method 'Get' is not implemented"),
    (
      "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", 400,
      "applies chunked more than once"
    ),
    (
      "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
      400, "applies chunked more than once"
    ),
    (
      "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501,
      "the transfer coding 'gzip'"
    ),
    ("GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400, "is not a path"),
  ])
  func refused(input: String, status: Int, reason: String) {
    let got = actions(input)
    #expect(rejection(got) == status, "\(input)")
    var text = ""
    for case .reject(let error) in got { text = "\(error)" }
    #expect(text.contains(reason), "\(text)")
  }

  @Test func anExtensionMayFollowWhitespace() {
    let got = requests(actions(Self.chunked + "5 ;a=b\r\nhello\r\n0\r\n\r\n"))
    #expect(got.map(\.body) == [Array("hello".utf8)])
  }

  @Test func optionsAsteriskIsRead() {
    let got = requests(actions("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"))
    #expect(got.map(\.target) == ["*"])
    #expect(got.first.flatMap(MethodPolicy.optionsAnswer)?.status == 204)
  }
}
