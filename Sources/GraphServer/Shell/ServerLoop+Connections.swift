import GraphAPI

extension ServerLoop {
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

  /// Acts on the parser's actions until it needs more bytes or a request is being answered.
  func drive(_ connection: Connection) {
    while connection.phase == .reading, !connection.isClosed {
      switch connection.parser.next() {
      case .needMore:
        let now = Socket.now()
        if connection.parser.hasPartialRequest {
          let started = connection.requestStarted ?? now
          connection.requestStarted = started
          connection.deadline = started + configuration.requestTimeout.nanoseconds
        } else {
          connection.requestStarted = nil
          connection.deadline = now + configuration.idleTimeout.nanoseconds
        }
        return
      case .sendContinue:
        connection.output += HTTPResponseWriter.continueBytes
        flush(connection)
      case .request(let request):
        dispatch(request, on: connection)
      case .reject(let error):
        refuse(connection, error)
      case .close:
        close(connection)
      }
    }
  }

  private func dispatch(_ parsed: ParsedRequest, on connection: Connection) {
    connection.phase = .processing
    connection.requestStarted = nil
    connection.current = Connection.Current(
      method: parsed.method, target: parsed.target, minorVersion: parsed.minorVersion,
      keepAlive: parsed.keepAlive, requestBytes: parsed.body.count, started: Socket.now())
    let id = connection.id
    if let answer = MethodPolicy.optionsAnswer(parsed) {
      complete(id, answer, failure: nil)
      return
    }
    let request = HTTPRequest(
      method: MethodPolicy.transportMethod(parsed.method),
      url: parsed.absoluteURL(fallbackAuthority: fallbackAuthority),
      headers: parsed.headers, body: parsed.body)
    if #available(macOS 15, *) {
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
    guard let connection = connections[id], connection.phase == .processing,
      let current = connection.current
    else { return }
    let keepAlive = current.keepAlive && !stopping
    connection.output = HTTPResponseWriter.bytes(
      response, method: current.method, minorVersion: current.minorVersion, keepAlive: keepAlive)
    connection.outputOffset = 0
    connection.closeAfterWrite = !keepAlive
    connection.phase = .writing
    connection.deadline = Socket.now() + configuration.writeTimeout.nanoseconds
    configuration.accessLog?(
      GraphServer.AccessLogEntry(
        method: current.method, target: current.target, status: response.status,
        requestBytes: current.requestBytes, responseBytes: response.body.count,
        duration: .nanoseconds(Int64(Socket.now() - current.started)), error: failure))
    connection.current = nil
    flush(connection)
  }

  /// Answers a refused request with its status and a Graph-style error, then closes.
  func refuse(_ connection: Connection, _ error: GraphServerError) {
    let status = error.status ?? 400
    let message: String
    if case .badRequest(_, let reason) = error { message = reason } else { message = "\(error)" }
    let response = HTTPResponseWriter.errorResponse(status: status, message: message)
    connection.output =
      Array(connection.output[connection.outputOffset...])
      + HTTPResponseWriter.bytes(response, method: "GET", minorVersion: 1, keepAlive: false)
    connection.outputOffset = 0
    connection.closeAfterWrite = true
    connection.phase = .writing
    connection.deadline = Socket.now() + configuration.writeTimeout.nanoseconds
    configuration.accessLog?(
      GraphServer.AccessLogEntry(
        method: nil, target: nil, status: status, requestBytes: 0,
        responseBytes: response.body.count, duration: .zero, error: message))
    flush(connection)
  }

  /// Writes as much pending output as the socket takes; when all is written, moves on.
  func flush(_ connection: Connection) {
    while connection.hasPendingOutput {
      switch Socket.write(connection.fd, connection.output, from: connection.outputOffset) {
      case .wrote(let count): connection.outputOffset += count
      case .wouldBlock: return
      case .failed: return close(connection)
      }
    }
    connection.output.removeAll(keepingCapacity: true)
    connection.outputOffset = 0
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
    Socket.close(connection.fd)
    connections[connection.id] = nil
  }
}
