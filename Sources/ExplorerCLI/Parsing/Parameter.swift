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
  }

  var name: String
  var value: Value

  /// Parses `name=value`, `name:=json` or `name@file`; `nil` when the word has no unquoted
  /// `=` or `@` or no name before it.
  init?(word: Word) {
    guard let (head, separator, tail) = word.split(atFirstOf: ["=", "@"]) else { return nil }
    if separator == "@" {
      guard !head.isEmpty else { return nil }
      name = head
      value = .file(tail.template)
    } else if head.hasSuffix(":") {
      guard head.count > 1 else { return nil }
      name = String(head.dropLast())
      value = .json(tail.template)
    } else {
      guard !head.isEmpty else { return nil }
      name = head
      value = .text(tail.template)
    }
  }

  init(name: String, value: Value) {
    self.name = name
    self.value = value
  }
}
