/// Text that may refer to earlier answers: `$last.id`, `$#3.data[0].id`, `me_$last.id`.
/// The parser keeps references unresolved; `Session` fills them in when the line runs.
struct Template: Equatable, Sendable, CustomStringConvertible {
  /// A run of literal text or one variable.
  enum Segment: Equatable, Sendable {
    case text(String)
    case variable(Variable)
  }

  var segments: [Segment]

  init(segments: [Segment]) { self.segments = segments }

  /// Literal text with no variables.
  init(literal text: String) { self.segments = text.isEmpty ? [] : [.text(text)] }

  /// Builds a template from pieces of text, scanning those that expand for variables.
  init(pieces: [(text: String, expands: Bool)]) {
    var segments: [Segment] = []
    func appendText(_ s: some StringProtocol) {
      guard !s.isEmpty else { return }
      if case .text(let previous) = segments.last {
        segments[segments.count - 1] = .text(previous + s)
      } else {
        segments.append(.text(String(s)))
      }
    }
    for piece in pieces {
      guard piece.expands else {
        appendText(piece.text)
        continue
      }
      var rest = Substring(piece.text)
      while let dollar = rest.firstIndex(of: "$") {
        appendText(rest[..<dollar])
        if let (variable, after) = Variable.scan(rest[dollar...]) {
          segments.append(.variable(variable))
          rest = after
        } else {
          appendText("$")
          rest = rest[rest.index(after: dollar)...]
        }
      }
      appendText(rest)
    }
    self.segments = segments
  }

  /// The literal text when the template has no variables.
  var literal: String? {
    var out = ""
    for segment in segments {
      guard case .text(let s) = segment else { return nil }
      out += s
    }
    return out
  }

  /// The template as written, variables included.
  var description: String {
    segments.map {
      switch $0 {
      case .text(let s): return s
      case .variable(let v): return v.description
      }
    }.joined()
  }

  /// Fills in every variable with `resolve`.
  func resolved(
    _ resolve: (Variable) throws(ExplorerError) -> String
  ) throws(ExplorerError) -> String {
    var out = ""
    for segment in segments {
      switch segment {
      case .text(let s): out += s
      case .variable(let v): out += try resolve(v)
      }
    }
    return out
  }
}

/// A reference to a value: in an earlier answer (`$last.id`, `$#3.data[0].id`) or in a named
/// variable set with `let` (`$pid`, `$page.access_token`), and the path inside it.
struct Variable: Equatable, Sendable, CustomStringConvertible {
  /// Where the value comes from.
  enum Source: Equatable, Sendable {
    /// The JSON body of an exchange.
    case exchange(ExchangeReference)
    /// A variable `let` set.
    case named(String)
  }

  var source: Source
  /// The JSONPath after the source, such as `.data[0].id` (empty for the whole value).
  var path: String

  init(exchange: ExchangeReference, path: String) {
    self.source = .exchange(exchange)
    self.path = path
  }

  init(name: String, path: String) {
    self.source = .named(name)
    self.path = path
  }

  var description: String {
    switch source {
    case .exchange(.last): return "$last" + path
    case .exchange(.number(let n)): return "$#\(n)" + path
    case .named(let name): return "$" + name + path
    }
  }

  /// Whether `name` may name a variable: a letter or `_`, then letters, digits and `_`
  /// (ASCII), and not `last`.
  static func isName(_ name: some StringProtocol) -> Bool {
    guard let first = name.first, first.isASCII, first.isLetter || first == "_" else {
      return false
    }
    return name != "last" && name.allSatisfy(isNameStart(orDigit:))
  }

  private static func isNameStart(orDigit c: Character) -> Bool {
    c.isASCII && (c.isLetter || c.isNumber || c == "_")
  }

  /// Reads `$last...`, `$#N...` or `$name...` at the start of `text`; returns the variable and
  /// the rest.
  static func scan(_ text: Substring) -> (Variable, Substring)? {
    guard text.first == "$" else { return nil }
    var rest = text.dropFirst()
    let source: Source
    let name = rest.prefix(while: isNameStart(orDigit:))
    if name == "last" {
      source = .exchange(.last)
      rest = rest.dropFirst(4)
    } else if rest.first == "#" {
      let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
      guard let n = Int(digits), n > 0 else { return nil }
      source = .exchange(.number(n))
      rest = rest.dropFirst(1 + digits.count)
    } else if isName(name) {
      source = .named(String(name))
      rest = rest.dropFirst(name.count)
    } else {
      return nil
    }
    var path = ""
    while let c = rest.first {
      if c == ".", let name = Optional(rest.dropFirst().prefix(while: isNameCharacter)),
        !name.isEmpty
      {
        path += "." + name
        rest = rest.dropFirst(1 + name.count)
      } else if c == "[", let close = rest.firstIndex(of: "]"),
        let n = Int(rest[rest.index(after: rest.startIndex)..<close])
      {
        path += "[\(n)]"
        rest = rest[rest.index(after: close)...]
      } else {
        break
      }
    }
    return (Variable(source: source, path: path), rest)
  }

  private init(source: Source, path: String) {
    self.source = source
    self.path = path
  }

  private static func isNameCharacter(_ c: Character) -> Bool {
    c.isLetter || c.isNumber || c == "_" || c == "-"
  }
}

/// Which exchange a command or variable means: the last one, or `#n`.
enum ExchangeReference: Equatable, Sendable {
  case last
  case number(Int)

  /// Parses `#3`, `3`, `last`; `nil` otherwise.
  init?(_ text: String) {
    if text == "last" {
      self = .last
      return
    }
    let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    guard let n = Int(digits), n > 0, digits.allSatisfy(\.isASCII) else { return nil }
    self = .number(n)
  }
}
