import GraphAPI
import GraphJSON

/// Assertions an interaction's answer must meet, checked on replay and on verify: this is how a
/// cassette pins "this call must fail with code 200".
public struct Expectation: Sendable, Hashable {
  /// The HTTP status.
  public var status: Int?
  /// `error.code` in the JSON body.
  public var errorCode: Int?
  /// `error.error_subcode` in the JSON body.
  public var errorSubcode: Int?
  /// JSON paths (`data[0].name`) and the values they must hold, in order.
  public var values: [PathValue]
  /// JSON paths that must be absent (`paging.next` on the last page).
  public var absent: [ValuePath]

  /// One path and its expected value.
  public struct PathValue: Sendable, Hashable {
    public var path: ValuePath
    public var value: JSONValue
    public init(path: ValuePath, value: JSONValue) { (self.path, self.value) = (path, value) }
  }

  public init(
    status: Int? = nil, errorCode: Int? = nil, errorSubcode: Int? = nil,
    values: [PathValue] = [], absent: [ValuePath] = []
  ) {
    self.status = status
    self.errorCode = errorCode
    self.errorSubcode = errorSubcode
    self.values = values
    self.absent = absent
  }

  /// Whether nothing is asserted.
  public var isEmpty: Bool {
    status == nil && errorCode == nil && errorSubcode == nil && values.isEmpty && absent.isEmpty
  }

  /// Each assertion `response` fails, as a readable line; empty when all hold.
  public func failures(for response: HTTPResponse) -> [String] {
    var out: [String] = []
    if let status, response.status != status {
      out.append("status is \(response.status), expected \(status)")
    }
    let body = try? JSONParser.parse(response.body)
    func check(_ name: String, _ path: ValuePath, _ expected: JSONValue) {
      let actual = body.flatMap { path.lookup(in: $0) }
      guard let actual else {
        out.append("\(name) is missing, expected \(expected.compactText)")
        return
      }
      if actual != expected {
        out.append("\(name) is \(actual.compactText), expected \(expected.compactText)")
      }
    }
    if let errorCode {
      check("error.code", ValuePath([.key("error"), .key("code")]), .number(JSONNumber(errorCode)))
    }
    if let errorSubcode {
      check(
        "error.error_subcode", ValuePath([.key("error"), .key("error_subcode")]),
        .number(JSONNumber(errorSubcode)))
    }
    for item in values { check(item.path.description, item.path, item.value) }
    for path in absent {
      if let found = body.flatMap({ path.lookup(in: $0) }) {
        out.append("\(path) is \(found.compactText), expected it to be absent")
      }
    }
    return out
  }
}
