/// The HTTP methods Graph serves.
public enum GraphMethod: String, Sendable, Hashable, CaseIterable {
  case get = "GET"
  case post = "POST"
  case delete = "DELETE"

  /// The method named `text`, in any case (`get`, `Post`, ...); `nil` for anything else.
  public init?(name text: some StringProtocol) {
    self.init(rawValue: text.uppercased())
  }
}
