/// One Graph error code (or code/subcode, or range of codes) explained in plain sentences.
public struct ErrorCatalogueEntry: Sendable, Hashable {
  /// The code, or a range such as 200-299.
  public var codes: ClosedRange<Int>
  /// The subcode this entry is about; `nil` for the code in general.
  public var subcode: Int?
  /// A short name: `Requires extended permission`.
  public var title: String
  /// The `type` Graph sends with it.
  public var type: String
  /// The usual HTTP status.
  public var httpStatus: Int
  /// Messages Graph is known to send.
  public var messages: [String]
  /// Whether `messages` are verbatim from recorded answers (`false`: a close paraphrase).
  public var exactMessages: Bool
  /// What the error means.
  public var meaning: String
  /// Why it usually happens.
  public var likelyCause: String
  /// What to do about it.
  public var fix: String

  public init(
    codes: ClosedRange<Int>, subcode: Int? = nil, title: String, type: String = "OAuthException",
    httpStatus: Int = 400, messages: [String], exactMessages: Bool = true, meaning: String,
    likelyCause: String, fix: String
  ) {
    self.codes = codes
    self.subcode = subcode
    self.title = title
    self.type = type
    self.httpStatus = httpStatus
    self.messages = messages
    self.exactMessages = exactMessages
    self.meaning = meaning
    self.likelyCause = likelyCause
    self.fix = fix
  }

  /// `190/458`, `200-299`, `2500`.
  public var label: String {
    let code =
      codes.count == 1 ? "\(codes.lowerBound)" : "\(codes.lowerBound)-\(codes.upperBound)"
    return subcode.map { "\(code)/\($0)" } ?? code
  }
}

/// Every Graph error code the workbench knows, with its meaning, likely cause and fix.
public enum ErrorCatalogue {
  /// The most specific entry for `code` and `subcode`: the exact code/subcode, else the code
  /// alone, else a range holding the code; `nil` for a code the catalogue does not know.
  public static func entry(code: Int, subcode: Int? = nil) -> ErrorCatalogueEntry? {
    if let subcode,
      let exact = entries.first(where: { $0.codes == code...code && $0.subcode == subcode })
    {
      return exact
    }
    if let plain = entries.first(where: { $0.codes == code...code && $0.subcode == nil }) {
      return plain
    }
    return entries.first { $0.codes.count > 1 && $0.codes.contains(code) && $0.subcode == nil }
  }

  /// The entry for an error answer (`nil` without a code or for an unknown one).
  public static func entry(for error: GraphErrorBody) -> ErrorCatalogueEntry? {
    guard let code = error.code else { return nil }
    return entry(code: code, subcode: error.subcode)
  }
}
