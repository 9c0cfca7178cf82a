import GraphAPI

/// Splits a command line into words the way a shell would, for the REPL's grammar: words are
/// separated by spaces; `'...'` is literal; `"..."` allows `\"`, `\\` and `\$`; a backslash
/// outside quotes escapes the next character. An unquoted `>`, `>>` or `|` that starts a word
/// ends the command and redirects its output.
///
/// - Complexity: O(n) in the length of the line.
struct Tokenizer {
  /// The words of the line, and where the output goes.
  struct Result: Equatable, Sendable {
    var words: [Word]
    var redirect: OutputRedirect
  }

  /// Tokenizes `line`; with `redirections` off, `>` and `|` are ordinary characters (for
  /// `expect status >= 400`).
  /// - Throws: `ExplorerError.syntax` for an unterminated quote or a bad redirection.
  static func tokenize(_ line: String, redirections: Bool = true) throws(ExplorerError) -> Result {
    let chars = Array(line)
    var words: [Word] = []
    var i = 0
    while i < chars.count {
      if chars[i] == " " || chars[i] == "\t" {
        i += 1
        continue
      }
      if chars[i] == "|" && redirections {
        let command = String(chars[(i + 1)...]).trimmingSpaces
        guard !command.isEmpty else {
          throw .syntax(message: "expected a shell command after '|'", column: i + 1)
        }
        return Result(words: words, redirect: .pipe(command))
      }
      if chars[i] == ">" && redirections {
        let append = i + 1 < chars.count && chars[i + 1] == ">"
        let start = i + (append ? 2 : 1)
        let rest = try tokenize(String(chars[start...]))
        guard rest.redirect == .none, rest.words.count == 1 else {
          let message =
            rest.words.isEmpty && rest.redirect == .none
            ? "expected a file name after '>'" : "expected one file name after '>'"
          throw .syntax(message: message, column: i + 1)
        }
        return Result(words: words, redirect: .file(rest.words[0].text, append: append))
      }
      let (word, next) = try readWord(chars, from: i)
      words.append(word)
      i = next
    }
    return Result(words: words, redirect: .none)
  }

  /// Reads one word starting at `start`; returns it and the index after it.
  private static func readWord(
    _ chars: [Character], from start: Int
  ) throws(ExplorerError) -> (Word, Int) {
    var pieces: [Word.Piece] = []
    var current = ""
    func flush() {
      if !current.isEmpty { pieces.append(Word.Piece(text: current, expands: true, quoted: false)) }
      current = ""
    }
    var i = start
    while i < chars.count, chars[i] != " ", chars[i] != "\t" {
      let c = chars[i]
      switch c {
      case "'":
        flush()
        guard let end = chars[(i + 1)...].firstIndex(of: "'") else {
          throw .syntax(message: "unterminated single quote", column: i + 1)
        }
        pieces.append(Word.Piece(text: String(chars[(i + 1)..<end]), expands: false, quoted: true))
        i = end + 1
      case "\"":
        flush()
        i = try readDoubleQuoted(chars, from: i, into: &pieces)
      case "\\" where i + 1 < chars.count:
        flush()
        pieces.append(Word.Piece(text: String(chars[i + 1]), expands: false, quoted: true))
        i += 2
      default:
        current.append(c)
        i += 1
      }
    }
    flush()
    if pieces.isEmpty { pieces.append(Word.Piece(text: "", expands: false, quoted: true)) }
    return (Word(pieces: pieces, column: start + 1), i)
  }

  /// Reads a double-quoted piece whose opening quote is at `start`; returns the index after
  /// the closing quote. Escaped `$` becomes a literal piece.
  private static func readDoubleQuoted(
    _ chars: [Character], from start: Int, into pieces: inout [Word.Piece]
  ) throws(ExplorerError) -> Int {
    var text = ""
    var i = start + 1
    var sawAny = false
    while i < chars.count {
      let c = chars[i]
      if c == "\"" {
        if !text.isEmpty || !sawAny {
          pieces.append(Word.Piece(text: text, expands: true, quoted: true))
        }
        return i + 1
      }
      if c == "\\", i + 1 < chars.count, "\"\\$".contains(chars[i + 1]) {
        if chars[i + 1] == "$" {
          if !text.isEmpty { pieces.append(Word.Piece(text: text, expands: true, quoted: true)) }
          pieces.append(Word.Piece(text: "$", expands: false, quoted: true))
          text = ""
          sawAny = true
        } else {
          text.append(chars[i + 1])
        }
        i += 2
        continue
      }
      text.append(c)
      i += 1
    }
    throw .syntax(message: "unterminated double quote", column: start + 1)
  }
}
