/// The Explorer page's script (`/ui.js`), in parts by concern (`UIScript+*.swift`): plain DOM
/// APIs, no library; data from answers is only ever set as text, never parsed as HTML.
enum UIScript {
  /// The whole script, its parts in order.
  static let text = [core, query, json, tree, main].joined(separator: "\n") + "\n"
}
