import GraphAPI
import GraphJSON

/// The text of `explain`: for an error, its code, subcode, type and message, what it means and
/// how to fix it (from GraphAPI's error catalogue); then what each SDK hands the app: the iOS
/// SDK 3.x, the modern iOS SDK (FBSDKCoreKit), the Android SDK 3.x, the PHP SDK and the
/// JavaScript SDK (`--sdk NAME` keeps one).
enum Explanation {
  /// The explanation of `exchange`, ending with a newline.
  static func text(for exchange: Exchange, sdk: ExplainSDK? = nil) -> String {
    var lines = ["#\(exchange.number) \(exchange.summary) → HTTP \(exchange.response.status)"]
    let sdks = sdk.map { [$0] } ?? ExplainSDK.allCases
    // A batch answer: FBRequestConnection hands each request its own item (its own parsed
    // body, or its own FBErrorHTTPError), so each item is explained on its own.
    if exchange.response.status == 200, isBatch(exchange.request),
      let items = SDKErrorView.rawBatchItems(exchange.response.body), !items.isEmpty
    {
      lines.append("A batch of \(items.count): each request gets its own item.")
      for (index, item) in items.enumerated() {
        lines.append("")
        guard let item else {
          lines.append("Item \(index): null (omitted on success): result = nil, error = nil")
          continue
        }
        lines.append("Item \(index): HTTP \(item.status)")
        lines += answerLines(status: item.status, body: item.body, succeeded: item.status < 300)
        for sdk in sdks {
          lines += sdk.lines(status: item.status, body: item.body).map { "  " + $0 }
        }
      }
      return lines.joined(separator: "\n") + "\n"
    }
    lines += answerLines(
      status: exchange.response.status, body: exchange.response.body,
      succeeded: exchange.succeeded)
    for sdk in sdks {
      lines.append("")
      lines += sdk.lines(status: exchange.response.status, body: exchange.response.body)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether `request` is a batch: a POST to the Graph root (`/` or `/vX.Y`).
  static func isBatch(_ request: HTTPRequest) -> Bool {
    guard request.graphMethod == .post, let path = URLParts(request.url)?.path else { return false }
    let parts = path.split(separator: "/")
    return parts.isEmpty || (parts.count == 1 && parts[0].first == "v" && parts[0].contains("."))
  }

  /// The Graph error of one answer with its catalogue entry, or "Success.".
  static func answerLines(status: Int, body: [UInt8], succeeded: Bool) -> [String] {
    var lines: [String] = []
    if let error = GraphErrorBody(body: body) {
      lines.append("Graph error \(error.codeLabel)" + (error.type.map { " (\($0))" } ?? ""))
      lines.append("  message: \(error.message)")
      if let title = error.userTitle { lines.append("  error_user_title: \(title)") }
      if let message = error.userMessage { lines.append("  error_user_msg: \(message)") }
      if let code = error.code, let entry = ErrorCatalogue.entry(code: code, subcode: error.subcode)
      {
        lines.append("  \(entry.label): \(entry.title)")
        lines.append("  meaning: \(entry.meaning)")
        lines.append("  likely cause: \(entry.likelyCause)")
        lines.append("  fix: \(entry.fix)")
      } else {
        lines.append("  (this code is not in the error catalogue)")
      }
    } else if succeeded {
      lines.append("Success.")
    }
    return lines
  }
}
