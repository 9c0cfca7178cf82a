import Foundation
import GraphAPI
import GraphJSON

extension Session {
  /// Learns the node type, edges and fields behind `path` by asking for `metadata=1`, unless
  /// they are known. For an edge (`me/friends`), whose answer is a list, the type is that of
  /// its first item. Blocks for at most `timeout` per request (completion runs inside
  /// libedit's callback, which cannot await); the answers are not recorded in the history.
  func learnMetadata(of path: String, timeout: DispatchTimeInterval = .seconds(3)) {
    let key = GraphCatalog.normalise(path)
    guard !key.isEmpty, !catalog.knows(path: key), !catalog.hasAsked(key) else { return }
    catalog.markAsked(key)
    guard let answer = waitForMetadata(of: key, timeout: timeout) else {
      catalog.forgetAsked(key)
      return
    }
    if answer["metadata"] != nil {
      catalog.learn(path: key, answer: answer)
    } else if let id = answer["data"]?[0]?["id"]?.stringValue,
      let item = waitForMetadata(of: id, timeout: timeout)
    {
      catalog.learn(path: key, answer: item)
    }
    // An error answer (no token yet, say) is not remembered: after `login` Tab asks again.
    if !catalog.knows(path: key) { catalog.forgetAsked(key) }
  }

  /// `GET <path>?metadata=1` outside the history and any recording: sent to the base
  /// transport (the target's, never the recorder wrapping it), so completion and hints never
  /// write to a cassette. `nil` when it fails or answers other than 200.
  func metadata(of path: String) async -> JSONValue? {
    Self.metadata(in: try? await transport(for: .lookup).send(metadataRequest(for: path)))
  }

  /// `metadata(of:)` from synchronous code, waiting at most `timeout`.
  private func waitForMetadata(of path: String, timeout: DispatchTimeInterval) -> JSONValue? {
    let request = metadataRequest(for: path)
    let lookup = transport(for: .lookup)
    // The emulator and a cassette answer on this thread: no task, so no wait for a thread of
    // the cooperative pool, which the caller may be holding (two completions at once on a
    // two-core machine each timed out waiting for the other's thread).
    if let immediate = lookup as? any ImmediateGraphTransport {
      return Self.metadata(in: try? immediate.answerNow(request))
    }
    let box = AnswerBox()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      box.set(try? await lookup.send(request))
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return Self.metadata(in: box.get())
  }

  private func metadataRequest(for path: String) -> HTTPRequest {
    var parameters = QueryItems()
    parameters.append("metadata", "1")
    return GraphRequest(
      .get, path, parameters: parameters, version: version, accessToken: token,
      appSecret: appSecret
    ).httpRequest(baseURL: baseURL)
  }

  private static func metadata(in response: HTTPResponse?) -> JSONValue? {
    guard let response, response.status == 200 else { return nil }
    return try? JSONParser.parse(response.body)
  }
}

/// Carries an answer out of a detached task.
private final class AnswerBox: Sendable {
  private let response = Locked<HTTPResponse?>(nil)
  func set(_ value: HTTPResponse?) { response.withLock { $0 = value } }
  func get() -> HTTPResponse? { response.withLock { $0 } }
}
