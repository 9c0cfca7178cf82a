import GraphAPI

extension ServerLoop {
  /// The most pipelined requests answered for one connection before the others get a turn.
  static let requestsPerTurn = 16

  /// Reads what the client sent and acts on it.
  func readable(_ connection: Connection) {
    touch(connection)
    switch Socket.read(connection.fd, into: &scratch) {
    case .bytes(let count):
      if connection.phase == .draining {
        connection.drainedBytes += count
        if connection.drainedBytes > 1 << 20 { close(connection) }
        return
      }
      connection.parser.receive(scratch[0..<count])
      drive(connection)
    case .end:
      if connection.phase == .draining { return close(connection) }
      connection.parser.receiveEnd()
      drive(connection)
    case .wouldBlock:
      return
    case .failed:
      close(connection)
    }
  }

  /// Acts on the parser's actions until it needs more bytes, a request is being answered, or
  /// the connection has had its turn (`requestsPerTurn`; it goes on after the next poll), then
  /// writes the answers it queued meanwhile with one write.
  func drive(_ connection: Connection) {
    // An answer given while driving (an immediate transport) is queued by `answered`: the
    // loop below goes on with the next pipelined request, without recursion.
    guard !connection.driving else { return }
    touch(connection)
    connection.driving = true
    defer { connection.driving = false }
    driveRequests(connection)
    guard !connection.isClosed, connection.hasPendingOutput,
      connection.phase == .reading || connection.phase == .processing
    else { return }
    flush(connection)
    if !connection.isClosed, connection.phase == .reading, connection.hasPendingOutput {
      // The socket took only part: no more requests are read until it has taken the rest.
      connection.phase = .writing
      connection.deadline = Socket.now() + configuration.writeTimeout.nanoseconds
    }
  }

  private func driveRequests(_ connection: Connection) {
    var served = 0
    while connection.phase == .reading, !connection.isClosed {
      if served == Self.requestsPerTurn {
        unfinished.append(connection)
        return
      }
      switch connection.parser.next() {
      case .needMore:
        waitForMore(connection)
        return
      case .sendContinue:
        connection.output += HTTPResponseWriter.continueBytes
        flush(connection)
      case .request(let request):
        served += 1
        dispatch(request, on: connection)
      case .reject(let error):
        refuse(connection, error)
      case .close:
        guard connection.hasPendingOutput else { return close(connection) }
        // The client sent its last byte: the queued answers go out first.
        connection.closeAfterWrite = true
        connection.phase = .writing
        connection.deadline = Socket.now() + configuration.writeTimeout.nanoseconds
        flush(connection)
      }
    }
  }

  /// Sets the deadline for what the connection waits for, and checks its body's budget.
  private func waitForMore(_ connection: Connection) {
    let now = Socket.now()
    guard connection.parser.hasPartialRequest else {
      connection.requestStarted = nil
      connection.deadline = now + configuration.idleTimeout.nanoseconds
      return
    }
    let started = connection.requestStarted ?? now
    connection.requestStarted = started
    connection.deadline = started + configuration.requestTimeout.nanoseconds
    let claim = connection.parser.bodyBytesClaimed
    guard claim != connection.reservedBody else { return }
    guard budget.change(from: connection.reservedBody, to: claim) else {
      return refuse(
        connection,
        .badRequest(
          status: 503,
          reason: "the server is holding \(budget.limit) bytes of request bodies; try again later"
        ))
    }
    connection.reservedBody = claim
  }

  private func dispatch(_ parsed: ParsedRequest, on connection: Connection) {
    connection.phase = .processing
    connection.requestStarted = nil
    if connection.reservedBody != parsed.body.count {
      _ = budget.change(from: connection.reservedBody, to: parsed.body.count, force: true)
      connection.reservedBody = parsed.body.count
    }
    let url = parsed.absoluteURL(scheme: connection.scheme, fallbackAuthority: fallbackAuthority)
    connection.current = Connection.Current(
      method: parsed.method, target: connection.logsURL ? url : parsed.target,
      minorVersion: parsed.minorVersion, keepAlive: parsed.keepAlive,
      requestBytes: parsed.body.count, started: Socket.now(),
      userAgent: parsed.headers["User-Agent"])
    let id = connection.id
    if let answer = MethodPolicy.optionsAnswer(parsed) {
      answered(connection, answer, failure: nil)
      return
    }
    // Slow readers already hold the most answer bytes the server keeps: no new answer is made
    // until they read (issue 31: answers have a budget in flight too).
    if answerBudget.bytesHeld >= answerBudget.limit {
      return refuse(
        connection,
        .badRequest(
          status: 503,
          reason:
            "the server holds \(answerBudget.limit) bytes of answers that clients have not read yet; try again later"
        ))
    }
    let request = HTTPRequest(
      method: MethodPolicy.transportMethod(parsed.method), url: url,
      headers: parsed.headers, body: parsed.body)
    if let immediate {
      // Ready at once: answered here, no task and no thread switch.
      do {
        answered(connection, try immediate.answerNow(request), failure: nil)
      } catch {
        let message = "the transport gave no answer: \(error)"
        answered(
          connection, HTTPResponseWriter.errorResponse(status: 502, message: message),
          failure: message)
      }
    } else if !configuration.transportOnIOThread {
      Task { [self] in await answer(request, for: id) }
    } else if #available(macOS 15, *) {
      Task(executorPreference: executor) { [self] in await answer(request, for: id) }
    } else {
      Task { [self] in await answer(request, for: id) }
    }
  }

  /// Asks the transport; a thrown error becomes a 502 with a Graph-style body.
  private func answer(_ request: HTTPRequest, for id: UInt64) async {
    do {
      complete(id, try await transport.send(request), failure: nil)
    } catch {
      let message = "the transport gave no answer: \(error)"
      complete(
        id, HTTPResponseWriter.errorResponse(status: 502, message: message), failure: message)
    }
  }

  /// Writes the transport's answer to the connection it belongs to (if it is still open).
  func answered(_ id: UInt64, _ response: HTTPResponse, failure: String?) {
    guard let connection = connections[id] else { return }
    answered(connection, response, failure: failure)
  }

  private func answered(_ connection: Connection, _ response: HTTPResponse, failure: String?) {
    guard connection.phase == .processing, let current = connection.current else { return }
    touch(connection)
    releaseBody(connection)
    connection.servedRequests += 1
    let keepAlive = current.keepAlive && !stopping
    let head = headCache.head(response, minorVersion: current.minorVersion, keepAlive: keepAlive)
    let body =
      HTTPStatus.forbidsBody(response.status) || current.method == "HEAD" ? [] : response.body
    connection.output.append(contentsOf: head)
    if body.count <= Self.inlineBodyLimit {
      connection.output.append(contentsOf: body)
    } else {
      // Written from the answer's own storage: a large body is never copied.
      connection.tail = body
      connection.tailOffset = 0
    }
    connection.closeAfterWrite = !keepAlive
    // While `drive` runs, a small answer that keeps the connection open is queued after the
    // ones before it; `drive` writes them all at once when the parser runs dry.
    let queue =
      connection.driving && keepAlive && connection.tail.isEmpty
      && connection.output.count - connection.outputOffset <= Self.coalesceLimit
    connection.phase = queue ? .reading : .writing
    let now = Socket.now()
    connection.deadline = now + configuration.writeTimeout.nanoseconds
    if let accessLog = configuration.accessLog {
      accessLog(
        GraphServer.AccessLogEntry(
          method: current.method, target: current.target, status: response.status,
          requestBytes: current.requestBytes, responseBytes: response.body.count,
          duration: .nanoseconds(Int64(now - current.started)), error: failure,
          userAgent: current.userAgent))
      noteLogLine()
    }
    connection.current = nil
    if !queue { flush(connection) }
  }

  /// The most answer bytes queued for one write while pipelined requests are answered.
  static let coalesceLimit = 64 * 1024

  /// Bodies up to this size are copied after the head, for one write; larger ones are written
  /// from where they are.
  static let inlineBodyLimit = 16 * 1024

  /// Answers a refused request with its status and a Graph-style error, then closes.
  func refuse(_ connection: Connection, _ error: GraphServerError) {
    let status = error.status ?? 400
    let message: String
    if case .badRequest(_, let reason) = error { message = reason } else { message = "\(error)" }
    var response = HTTPResponseWriter.errorResponse(status: status, message: message)
    if status == 503 { response.headers["Retry-After"] = "1" }
    touch(connection)
    releaseBody(connection)
    connection.output =
      Array(connection.output[connection.outputOffset...])
      + connection.tail[connection.tailOffset...]
      + HTTPResponseWriter.bytes(response, method: "GET", minorVersion: 1, keepAlive: false)
    connection.outputOffset = 0
    connection.tail = []
    connection.tailOffset = 0
    connection.closeAfterWrite = true
    connection.phase = .writing
    connection.deadline = Socket.now() + configuration.writeTimeout.nanoseconds
    if let accessLog = configuration.accessLog {
      accessLog(
        GraphServer.AccessLogEntry(
          method: nil, target: nil, status: status, requestBytes: 0,
          responseBytes: response.body.count, duration: .zero, error: message))
      noteLogLine()
    }
    flush(connection)
  }

  /// Writes as much pending output as the socket takes; when all is written, moves on.
  func flush(_ connection: Connection) {
    touch(connection)
    while connection.hasPendingOutput {
      let head = connection.output.count - connection.outputOffset
      let result: Socket.WriteResult
      if head == 0 {
        result = Socket.write(connection.fd, connection.tail, from: connection.tailOffset)
      } else if connection.tailOffset < connection.tail.count {
        // Head and a large body in one call.
        result = Socket.write(
          connection.fd, connection.output, from: connection.outputOffset, connection.tail,
          from: connection.tailOffset)
      } else {
        result = Socket.write(connection.fd, connection.output, from: connection.outputOffset)
      }
      switch result {
      case .wrote(let count):
        let fromHead = min(count, head)
        connection.outputOffset += fromHead
        connection.tailOffset += count - fromHead
      case .wouldBlock:
        // What waits for the client to read counts against the answer budget.
        let waiting =
          connection.output.count - connection.outputOffset + connection.tail.count
          - connection.tailOffset
        _ = answerBudget.change(from: connection.reservedAnswer, to: waiting, force: true)
        connection.reservedAnswer = waiting
        return
      case .failed: return close(connection)
      }
    }
    releaseAnswer(connection)
    connection.output.removeAll(keepingCapacity: true)
    connection.outputOffset = 0
    if !connection.tail.isEmpty {
      connection.tail = []
      connection.tailOffset = 0
    }
    guard connection.phase == .writing else { return }
    if connection.closeAfterWrite || stopping {
      Socket.shutdownWrite(connection.fd)
      connection.phase = .draining
      connection.deadline = Socket.now() + min(configuration.idleTimeout.nanoseconds, 2_000_000_000)
    } else {
      connection.phase = .reading
      drive(connection)
    }
  }

  func close(_ connection: Connection) {
    guard !connection.isClosed else { return }
    connection.isClosed = true
    releaseBody(connection)
    releaseAnswer(connection)
    poller.change(connection.fd, token: connection.id, from: connection.interest, to: [])
    connection.interest = []
    Socket.close(connection.fd)
    connections[connection.id] = nil
  }

  /// Gives the connection's share of the answer budget back.
  func releaseAnswer(_ connection: Connection) {
    guard connection.reservedAnswer != 0 else { return }
    _ = answerBudget.change(from: connection.reservedAnswer, to: 0)
    connection.reservedAnswer = 0
  }

  /// Gives the connection's share of the body budget back.
  func releaseBody(_ connection: Connection) {
    guard connection.reservedBody != 0 else { return }
    _ = budget.change(from: connection.reservedBody, to: 0)
    connection.reservedBody = 0
  }
}
