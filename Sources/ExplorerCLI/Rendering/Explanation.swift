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
    if let error = GraphErrorBody(body: exchange.response.body) {
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
    } else if exchange.succeeded {
      lines.append("Success.")
    }
    let sdks = sdk.map { [$0] } ?? ExplainSDK.allCases
    for sdk in sdks {
      lines.append("")
      lines += sdk.lines(status: exchange.response.status, body: exchange.response.body)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
