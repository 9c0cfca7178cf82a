/// One request parameter as written on a request line.
struct Parameter: Equatable, Sendable {
  /// How the value was given.
  enum Value: Equatable, Sendable {
    /// `name=value`: sent as text.
    case text(Template)
    /// `name:=<json>`: a raw JSON value, sent as its compact text (a JSON string as its content).
    case json(Template)
    /// `name@<file>`: the file's bytes, sent as a multipart upload.
    case file(Template)
    /// `name=@<file>`: the file's text as the value (HTTPie's spelling).
    case textFile(Template)
    /// `name:=@<file.json>`: the file's JSON as the value, compacted.
    case jsonFile(Template)
    /// `Name:Value`: an HTTP header sent with the request (`Accept-Language:fr_FR`).
    case header(Template)
  }

  var name: String
  var value: Value

  /// Parses `name=value`, `name:=json`, `name@file`, `name=@file`, `name:=@file` or
  /// `Name:Value`; `nil` when the word has no unquoted `=`, `@` or `:` or no name before it.
  /// A `:` is a header only when the name is a header name (letters, digits, `-`) and no
  /// unquoted `=` or `@` follows, so `og:title=Lunch` stays a parameter.
  init?(word: Word) {
    guard let (head, separator, tail) = word.split(atFirstOf: ["=", "@", ":"]) else { return nil }
    guard !head.isEmpty else { return nil }
    switch separator {
    case "@":
      name = head
      value = .file(tail.template)
    case ":":
      if let rest = tail.droppingPrefix("=") {
        name = head
        value = rest.droppingPrefix("@").map { .jsonFile($0.template) } ?? .json(rest.template)
      } else if Self.isHeaderName(head), tail.split(atFirstOf: ["=", "@"]) == nil {
        name = head
        value = .header(tail.template)
      } else {
        // `og:title=Lunch`: the `:` belongs to the name.
        guard let (rest, separator, value) = tail.split(atFirstOf: ["=", "@"]) else { return nil }
        let whole = Parameter(name: head + ":" + rest, separator: separator, tail: value)
        self = whole
      }
    default:
      name = head
      value = tail.droppingPrefix("@").map { .textFile($0.template) } ?? .text(tail.template)
    }
  }

  private init(name: String, separator: Character, tail: Word) {
    self.name = name
    self.value = separator == "@" ? .file(tail.template) : .text(tail.template)
  }

  init(name: String, value: Value) {
    self.name = name
    self.value = value
  }

  /// Letters, digits and `-`, starting with a letter: `Authorization`, `If-None-Match`.
  static func isHeaderName(_ text: String) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
  }
}

extension Word {
  /// The word without an unquoted `prefix` at its start, or `nil` when it does not start so.
  func droppingPrefix(_ prefix: Character) -> Word? {
    guard let first = pieces.first, !first.quoted, first.text.first == prefix else { return nil }
    var rest = pieces
    rest[0].text.removeFirst()
    if rest[0].text.isEmpty { rest.removeFirst() }
    return Word(pieces: rest, column: column + 1)
  }
}
