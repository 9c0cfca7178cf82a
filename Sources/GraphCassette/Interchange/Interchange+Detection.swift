import GraphAPI
import GraphJSON
import GraphYAML

/// Recognising which tool wrote a file: by its structure, and for YAML by its keys.
extension Interchange {
  /// Recognises the format of `bytes` by its structure (and, for YAML, its keys).
  ///
  /// - Throws: `.unknownFormat` saying what was looked for.
  public static func detect(_ bytes: [UInt8], path: String) throws(CassetteError)
    -> InterchangeFormat
  {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CassetteError) in try detect(buffer: buffer, path: path) }
    }
    return try result.get()
  }

  /// As `detect(_:path:)`, for bytes in memory that is not an array (a mapped file).
  static func detect(buffer: UnsafeBufferPointer<UInt8>, path: String) throws(CassetteError)
    -> InterchangeFormat
  {
    try detectParsed(buffer: buffer, path: path).format
  }

  /// As `detect(buffer:path:)`, with the document JSON was parsed into to judge it (a compact
  /// tape, not a tree: a 126 MB HAR file's tree is several times the file), for the decoder to
  /// read instead of parsing the file again.
  ///
  /// - Parameter passed: told how far the parse has read, about every MiB (a mapped file's
  ///   pages before it can be given back).
  static func detectParsed(
    buffer: UnsafeBufferPointer<UInt8>, path: String, passed: (Int) -> Void = { _ in }
  ) throws(CassetteError) -> (format: InterchangeFormat, document: JSONDocument?) {
    var bytes = buffer
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes = UnsafeBufferPointer(rebasing: bytes[3...])
    }
    let parsed: JSONDocument?
    do {
      parsed = try JSONDocument(parsing: bytes, passed: passed)
    } catch {
      // Text that starts as JSON is JSON: name the format it looks most like and where it
      // breaks, rather than "unrecognised".
      if let first = bytes.first(where: { !" \t\r\n".utf8.contains($0) }),
        first == 0x7B || first == 0x5B
      {
        let guess = likelyJSONFormat(bytes)
        throw .invalidInterchange(
          path: path, format: guess?.displayName ?? "JSON", entry: nil,
          field: "line \(error.line), column \(error.column)",
          problem: "not JSON: \(error.message)"
            + (guess == nil
              ? ""
              : " (the file looks like \(guess!.displayName); --from \(guess!.rawValue) names it)"))
      }
      parsed = nil
    }
    for dialect in CassetteDialect.all {
      switch dialect.detection {
      case .json(_, let matches):
        if let document = parsed, matches(document.root) { return (dialect.format, document) }
      case .text(let matches):
        // YAML: judged by its top-level keys, so that a broken file still gets a parse error
        // with a line and column rather than "unrecognised".
        if parsed == nil, matches(bytes) { return (dialect.format, nil) }
      }
    }
    throw .unknownFormat(path: path, reason: unrecognised(json: parsed != nil))
  }

  /// What detection looked for, from each format's sign: for JSON, the JSON formats'.
  static func unrecognised(json: Bool) -> String {
    func signs(_ dialects: [CassetteDialect]) -> String {
      let each = dialects.map {
        "\($0.sign) (\(([$0.displayName] + $0.alsoWrittenBy).joined(separator: ", ")))"
      }
      return each.dropLast().joined(separator: ", ") + " or " + (each.last ?? "")
    }
    let jsonDialects = CassetteDialect.all.filter(\.isJSON)
    let textDialects = CassetteDialect.all.filter { !$0.isJSON }
    if json { return "JSON without " + signs(jsonDialects) }
    return "neither JSON (\(jsonDialects.map(\.displayName).joined(separator: ", "))) nor "
      + signs(textDialects)
  }

  /// Whether a line of `bytes` starts with `prefix`: one pass over the bytes, no copy.
  static func hasLine(startingWith prefix: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let p = Array(prefix.utf8)
    var start = 0
    while start < bytes.count {
      if bytes.count - start >= p.count, bytes[start..<(start + p.count)].elementsEqual(p) {
        return true
      }
      guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return false }
      start = newline + 1
    }
    return false
  }

  /// `bytes` without a leading UTF-8 byte-order mark (Windows tools write one).
  package static func withoutBOM(_ bytes: [UInt8]) -> [UInt8] {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  }

  /// The interchange format broken JSON looks most like, by the keys near its start.
  static func likelyJSONFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> InterchangeFormat? {
    let head = String(decoding: bytes.prefix(65536), as: UTF8.self)
    for dialect in CassetteDialect.all {
      if case .json(let key?, _) = dialect.detection, head.contains("\"\(key)\"") {
        return dialect.format
      }
    }
    return nil
  }
}
