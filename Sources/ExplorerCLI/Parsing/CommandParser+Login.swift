import GraphAPI

extension CommandParser {
  /// `login`'s words with `--scope a,b` (or `--scope=a,b`) spelled out as permission words, as
  /// the OAuth dialog's `scope` lists them: `login alice --scope user_photos,publish_actions` is
  /// `login alice user_photos publish_actions`.
  static func loginWords(_ args: [Word]) throws(ExplorerError) -> [String] {
    var words: [String] = []
    var index = args.startIndex
    while index < args.endIndex {
      let word = args[index]
      var scope: String?
      if word.text == "--scope" {
        index += 1
        guard index < args.endIndex else {
          throw .syntax(
            message: "--scope expects permissions such as user_photos,publish_actions",
            column: word.column)
        }
        scope = args[index].text
      } else if word.text.hasPrefix("--scope=") {
        scope = String(word.text.dropFirst("--scope=".count))
      }
      if let scope {
        words += scope.split(separator: ",").map {
          String($0).trimmingSpaces
        }.filter { !$0.isEmpty }
      } else {
        words.append(word.text)
      }
      index += 1
    }
    return words
  }
}
