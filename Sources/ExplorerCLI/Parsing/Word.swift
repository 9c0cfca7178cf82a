/// One word of a command line as `Tokenizer` split it, kept in pieces so that quoting
/// survives: text in single quotes (or after a backslash) is literal, while bare and
/// double-quoted text may hold variables such as `$last.id`.
struct Word: Equatable, Sendable {
  /// A run of characters that shared one kind of quoting.
  struct Piece: Equatable, Sendable {
    var text: String
    /// Whether variables in this piece are expanded (bare or double-quoted text).
    var expands: Bool
    /// Whether the piece was inside quotes (or escaped), so that `=` or `@` in it is not a
    /// parameter separator.
    var quoted: Bool
  }

  var pieces: [Piece]
  /// 1-based column of the word's first character in the line.
  var column: Int

  init(pieces: [Piece], column: Int) {
    self.pieces = pieces
    self.column = column
  }

  /// A bare word, for tests and for words built by commands.
  init(_ text: String, column: Int = 1) {
    self.init(pieces: [Piece(text: text, expands: true, quoted: false)], column: column)
  }

  /// The word's text with quotes removed.
  var text: String { pieces.map(\.text).joined() }

  /// The word as a template: variables found in expanding pieces.
  var template: Template {
    Template(pieces: pieces.map { ($0.text, $0.expands) })
  }

  /// Splits the word at its first unquoted character in `separators`: the text before it, the
  /// separator and the word after it. `nil` when there is none.
  func split(atFirstOf separators: Set<Character>) -> (
    head: String, separator: Character, tail: Word
  )? {
    for (p, piece) in pieces.enumerated() where !piece.quoted {
      guard let index = piece.text.firstIndex(where: { separators.contains($0) }) else { continue }
      let head = pieces[..<p].map(\.text).joined() + piece.text[..<index]
      var rest = Array(pieces[(p + 1)...])
      let after = String(piece.text[piece.text.index(after: index)...])
      if !after.isEmpty {
        rest.insert(Piece(text: after, expands: piece.expands, quoted: false), at: 0)
      }
      return (head, piece.text[index], Word(pieces: rest, column: column + head.count + 1))
    }
    return nil
  }
}
