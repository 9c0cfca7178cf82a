import GraphAPI
import GraphLive

extension REPL {
  /// `set max-answer-bytes SIZE`: the largest answer read from the network from now on (this
  /// session only; the network transport in use takes it at once).
  func setMaxAnswerBytes(_ value: String) throws(ExplorerError) -> String {
    guard let size = ByteCount.parse(value), size > 0 else {
      throw .failed(
        "set max-answer-bytes: '\(value)' is not a size in bytes such as 1048576, 512K or 64M")
    }
    session.maxAnswerBytes = size
    if case .network(_, let transport) = session.target { transport.maxAnswerBytes = size }
    return "max-answer-bytes \(ByteCount.text(size)) (answers from the network larger than this, "
      + "as received or once decoded, are refused)"
  }
}
