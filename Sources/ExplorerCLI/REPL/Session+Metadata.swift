import Foundation
import GraphAPI
import GraphJSON

extension Session {
  /// Learns the node type, edges and fields behind `path` by asking for `metadata=1`, unless
  /// they are known. Blocks for at most `timeout` (completion runs inside libedit's callback,
  /// which cannot await); the answer is not recorded in the history.
  func learnMetadata(of path: String, timeout: DispatchTimeInterval = .seconds(3)) {
    let key = GraphCatalog.normalise(path)
    guard !key.isEmpty, !catalog.knows(path: key), !catalog.hasAsked(key) else { return }
    catalog.markAsked(key)
    var parameters = QueryItems()
    parameters.append("metadata", "1")
    let request = GraphRequest(
      .get, key, parameters: parameters, version: version, accessToken: token,
      appSecret: appSecret
    ).httpRequest(baseURL: baseURL)
    let transport = self.transport
    let box = AnswerBox()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      box.set(try? await transport.send(request))
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success, let response = box.get(),
      let json = try? JSONParser.parse(response.body)
    else { return }
    catalog.learn(path: key, answer: json)
  }
}

/// Carries an answer out of a detached task.
private final class AnswerBox: @unchecked Sendable {
  private let lock = NSLock()
  private var response: HTTPResponse?
  func set(_ value: HTTPResponse?) { lock.withLock { response = value } }
  func get() -> HTTPResponse? { lock.withLock { response } }
}
