import GraphAPI

extension ServerLoop {
  /// The most pipelined requests answered for one connection before the others get a turn.
  static let requestsPerTurn = 16

  /// Reads what the client sent and acts on it.
  func readable(_ connection: Connection) {
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
  /// the connection has had its turn (`requestsPerTurn`; it goes on after the next poll).
  func drive(_ connection: Connection) {
    // An answer written while driving (an immediate transport) comes back here through
    // `flush`: the loop below goes on with the next pipelined request, without recursion.
    guard !connection.driving else { return }
    connection.driving = true
    defer { connection.driving = false }
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
        close(connection)
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
    connection.current = Connection.Current(
      method: parsed.method, target: parsed.target, minorVersion: parsed.minorVersion,
      keepAlive: parsed.keepAlive, requestBytes: parsed.body.count, started: Socket.now())
    let id = connection.id
    if let answer = MethodPolicy.optionsAnswer(parsed) {
      answered(connection, answer, failure: nil)
      return
    }
    let request = HTTPRequest(
      method: MethodPolicy.transportMethod(parsed.method),
      url: parsed.absoluteURL(fallbackAuthority: fallbackAuthority),
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
    connection.phase = .writing
    let now = Socket.now()
    connection.deadline = now + configuration.writeTimeout.nanoseconds
    if let accessLog = configuration.accessLog {
      accessLog(
        GraphServer.AccessLogEntry(
          method: current.method, target: current.target, status: response.status,
          requestBytes: current.requestBytes, responseBytes: response.body.count,
          duration: .nanoseconds(Int64(now - current.started)), error: failure))
      noteLogLine()
    }
    connection.current = nil
    flush(connection)
  }

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
    while connection.outputOffset < connection.output.count {
      switch Socket.write(connection.fd, connection.output, from: connection.outputOffset) {
      case .wrote(let count): connection.outputOffset += count
      case .wouldBlock: return
      case .failed: return close(connection)
      }
    }
    while connection.tailOffset < connection.tail.count {
      switch Socket.write(connection.fd, connection.tail, from: connection.tailOffset) {
      case .wrote(let count): connection.tailOffset += count
      case .wouldBlock: return
      case .failed: return close(connection)
      }
    }
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
    Socket.close(connection.fd)
    connections[connection.id] = nil
  }

  /// Gives the connection's share of the body budget back.
  func releaseBody(_ connection: Connection) {
    guard connection.reservedBody != 0 else { return }
    _ = budget.change(from: connection.reservedBody, to: 0)
    connection.reservedBody = 0
  }
}
