import Foundation
import GraphAPI
import GraphJSON

/// Typed access to a decoded JSON document that turns every mismatch into a
/// `CassetteError.invalidField` naming the file, the interaction and the field.
struct FieldReader {
  var path: String
  var interaction: Int?
  /// The interchange format being read (HAR, VCR, ...), `nil` for native cassettes.
  var format: String? = nil
  /// What the `{"gzip": ...}` bodies of the file being read may still inflate to together.
  var inflateBudget: InflateBudget? = nil

  func error(_ field: String, _ problem: String) -> CassetteError {
    if let format {
      return .invalidInterchange(
        path: path, format: format, entry: interaction, field: field, problem: problem)
    }
    return .invalidField(path: path, interaction: interaction, field: field, problem: problem)
  }

  /// The same reader, inside entry `index`.
  func entry(_ index: Int) -> FieldReader {
    FieldReader(path: path, interaction: index, format: format, inflateBudget: inflateBudget)
  }

  func object(_ value: JSONValue?, _ field: String) throws(CassetteError) -> JSONObject {
    guard let value else { throw error(field, "missing") }
    guard let object = value.objectValue else {
      throw error(field, "expected an object, found \(value.kindName)")
    }
    try unique(object.members.lazy.map(\.key), field)
    return object
  }

  /// Refuses an object that names a member twice (issue 44): lookups keep the last, a reader
  /// that scans keeps the first, so the two would read different files (RFC 8259 4: names
  /// "SHOULD be unique", and what a reader makes of repeats is unpredictable).
  ///
  /// - Complexity: O(n²) byte comparisons for up to 16 members, O(n) hashing past that.
  func unique(_ keys: some Collection<String>, _ field: String) throws(CassetteError) {
    guard keys.count > 1 else { return }
    let keys = Array(keys)
    var repeated: String?
    if keys.count <= 16 {
      outer: for i in 1..<keys.count {
        for j in 0..<i where keys[i].utf8.elementsEqual(keys[j].utf8) {
          repeated = keys[i]
          break outer
        }
      }
    } else {
      var seen = Set<[UInt8]>(minimumCapacity: keys.count)
      repeated = keys.first { !seen.insert(Array($0.utf8)).inserted }
    }
    guard let repeated else { return }
    let name = "'" + TerminalText.escaped(repeated) + "'"
    throw error(
      field.hasPrefix("(") ? name : "\(field).\(name)",
      "the member appears twice (readers would disagree on which one counts)")
  }

  /// `unique` on an object of a parsed document, without making its tree.
  func unique(_ object: JSONDocument.Value, _ field: String) throws(CassetteError) {
    try unique(Array(object.members.lazy.map(\.key)), field)
  }

  func array(_ value: JSONValue?, _ field: String) throws(CassetteError) -> [JSONValue] {
    guard let value else { throw error(field, "missing") }
    guard let array = value.arrayValue else {
      throw error(field, "expected an array, found \(value.kindName)")
    }
    return array
  }

  func string(_ value: JSONValue?, _ field: String) throws(CassetteError) -> String {
    guard let value else { throw error(field, "missing") }
    guard let string = value.stringValue else {
      throw error(field, "expected a string, found \(value.kindName)")
    }
    return string
  }

  /// A scalar that recorders write as text but YAML or JSON may have typed (a header value as
  /// a number or a Boolean): its text. `null` reads as `""` where `nullIsEmpty`.
  func scalarText(_ value: JSONValue, _ field: String, nullIsEmpty: Bool = false)
    throws(CassetteError) -> String
  {
    switch value {
    case .string(let s): return s
    case .number(let n): return n.text
    case .bool(let b): return b ? "true" : "false"
    case .null where nullIsEmpty: return ""
    default: throw error(field, "expected a string, found \(value.kindName)")
    }
  }

  func number(_ value: JSONValue?, _ field: String) throws(CassetteError) -> JSONNumber {
    guard let value else { throw error(field, "missing") }
    guard let number = value.numberValue else {
      throw error(field, "expected a number, found \(value.kindName)")
    }
    return number
  }

  /// A recorded answer's status: a final HTTP status, 200 to 999. A 1xx is an interim answer
  /// that a client waits past (replayed as the answer, clients hang), so it is refused.
  func status(_ value: JSONValue?, _ field: String) throws(CassetteError) -> Int {
    let status = try int(value, field)
    guard (200...999).contains(status) else {
      throw error(
        field,
        (100...199).contains(status)
          ? "\(status) is an interim (1xx) status, not a final answer"
          : "\(status) is not an HTTP status")
    }
    return status
  }

  func int(_ value: JSONValue?, _ field: String) throws(CassetteError) -> Int {
    let number = try self.number(value, field)
    guard number.isIntegerLiteral, let int = number.intValue else {
      throw error(field, "expected an integer, found \(number.text)")
    }
    return int
  }

  /// The longest duration a cassette may give an answer: one year, in milliseconds. Larger
  /// values (`1e16`) would not fit the microseconds a `Duration` is built from.
  static let maxDurationMilliseconds: Double = 31_536_000_000

  /// The duration written as a number of milliseconds in `field`: finite, at least zero and
  /// at most `maxDurationMilliseconds`.
  func milliseconds(_ value: JSONValue?, _ field: String) throws(CassetteError) -> Duration {
    let number = try self.number(value, field)
    let ms = number.doubleValue
    guard ms.isFinite, ms >= 0, ms <= Self.maxDurationMilliseconds else {
      throw error(
        field,
        "\(number.text) is not a duration from 0 to \(Int(Self.maxDurationMilliseconds)) ms (one year)"
      )
    }
    return .microseconds(Int64((ms * 1000).rounded()))
  }

  /// The bytes of base64 `text` read from `field`.
  func base64(_ text: String, _ field: String) throws(CassetteError) -> [UInt8] {
    guard let data = Data(base64Encoded: text) else { throw error(field, "not valid base64") }
    return [UInt8](data)
  }

  func path(_ value: JSONValue?, _ field: String) throws(CassetteError) -> ValuePath {
    let text = try string(value, field)
    guard let path = ValuePath(parsing: text) else {
      throw error(field, "'\(text)' is not a JSON path such as error.code or data[0].id")
    }
    return path
  }
}

/// The bytes one file's compressed bodies may still inflate to together (1 GiB in all), shared
/// by the readers of its interactions.
final class InflateBudget {
  /// What all of one cassette's `{"gzip": ...}` bodies may inflate to by default: 1 GiB.
  static let defaultTotal = 1 << 30
  let total: Int
  private(set) var left: Int

  init(total: Int = InflateBudget.defaultTotal) {
    self.total = total
    left = total
  }

  func spend(_ bytes: Int) { left -= min(bytes, left) }
}
