import GraphJSON

/// An `expect` line: a check on the last answer that makes a script a test, such as
/// `expect status == 400`, `expect error.code == 2500`, `expect $.data.length >= 25`.
struct Expectation: Equatable, Sendable {
  /// What is checked.
  enum Subject: Equatable, Sendable {
    /// The HTTP status.
    case status
    /// A value in the JSON body: a path of `.name` and `[n]` steps after `$`, optionally
    /// ending in `.length` (the size of an array, object or string).
    case body(path: String, length: Bool)
  }

  /// How the actual value is compared with the expected one.
  enum Operator: String, Equatable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case contains
    case exists
  }

  var subject: Subject
  var op: Operator
  /// The expected value (a JSON literal, or a bare word taken as a string); `nil` for `exists`.
  var value: JSONValue?
  /// The line as written after `expect`, for messages.
  var text: String

  /// Parses the words after `expect`.
  /// - Throws: `.usage` or `.syntax` naming the bad word.
  init(words: [Word]) throws(ExplorerError) {
    guard words.count >= 2 else { throw CommandParser.usage("expect") }
    text = words.map(\.text).joined(separator: " ")
    subject = try Self.subject(words[0])
    guard let op = Operator(rawValue: words[1].text) else {
      let known = Operator.allCases.map(\.rawValue).joined(separator: " ")
      throw .syntax(
        message: "expected an operator (\(known)), found '\(words[1].text)'",
        column: words[1].column)
    }
    self.op = op
    if op == .exists {
      guard words.count == 2 else { throw CommandParser.usage("expect") }
      value = nil
    } else {
      guard words.count >= 3 else { throw CommandParser.usage("expect") }
      let literal = words[2...].map(\.text).joined(separator: " ")
      let quoted = words[2].pieces.first?.quoted ?? false
      value = quoted ? .string(literal) : ((try? JSONParser.parse(literal)) ?? .string(literal))
    }
  }

  private static func subject(_ word: Word) throws(ExplorerError) -> Subject {
    var path = word.text
    if path == "status" { return .status }
    if path.hasPrefix("$") { path.removeFirst() } else { path = "." + path }
    var length = false
    if path.hasSuffix(".length") {
      length = true
      path.removeLast(7)
    }
    guard let (variable, rest) = Variable.scan(Substring("$last" + path)), rest.isEmpty else {
      throw .syntax(
        message:
          "expected status or a path such as error.code or $.data[0].id, found '\(word.text)'",
        column: word.column)
    }
    return .body(path: variable.path, length: length)
  }

  /// The actual value in `exchange`, or `nil` when the path finds nothing.
  func actual(in exchange: Exchange) -> JSONValue? {
    switch subject {
    case .status: return .number(JSONNumber(exchange.response.status))
    case .body(let path, let length):
      guard let json = exchange.json, let found = Session.walk(json, path: path) else {
        return nil
      }
      guard length else { return found }
      switch found {
      case .array(let items): return .number(JSONNumber(items.count))
      case .object(let object): return .number(JSONNumber(object.count))
      case .string(let s): return .number(JSONNumber(s.count))
      default: return nil
      }
    }
  }

  /// Whether `actual` satisfies the expectation.
  func holds(for actual: JSONValue?) -> Bool {
    guard let actual else { return false }
    guard let value else { return true }
    switch op {
    case .equal: return actual == value
    case .notEqual: return actual != value
    case .exists: return true
    case .contains:
      switch actual {
      case .string(let s): return s.contains(value.stringValue ?? value.compactText)
      case .array(let items): return items.contains(value)
      case .object(let object): return value.stringValue.map { object[$0] != nil } ?? false
      default: return false
      }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let order = Self.order(actual, value) else { return false }
      switch op {
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      default: return order >= 0
      }
    }
  }

  /// -1, 0 or 1 comparing two numbers or two strings; `nil` for anything else.
  private static func order(_ a: JSONValue, _ b: JSONValue) -> Int? {
    if let x = a.numberValue, let y = b.numberValue { return x == y ? 0 : (x < y ? -1 : 1) }
    if let x = a.stringValue, let y = b.stringValue { return x == y ? 0 : (x < y ? -1 : 1) }
    return nil
  }
}
