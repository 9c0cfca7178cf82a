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
    if let document = parsed {
      let value = document.root
      if value[NativeCodec.formatKey] != nil { return (.native, document) }
      if value["log"]?["entries"] != nil { return (.har, document) }
      if value["http_interactions"] != nil { return (.vcr, document) }
      if value["interactions"] != nil { return (.vcrpy, document) }
      if RecorderCodecs.isExVCR(value) { return (.exvcr, document) }
      if RecorderCodecs.isWireMock(value) { return (.wiremock, document) }
      throw .unknownFormat(
        path: path,
        reason:
          "JSON without graph_explorer_cassette, log.entries (HAR), http_interactions (Ruby VCR, Betamax), interactions (vcrpy), an ExVCR list or WireMock mappings"
      )
    }
    // YAML: judged by its top-level keys, so that a broken file still gets a parse error
    // with a line and column rather than "unrecognised".
    if hasLine(startingWith: "http_interactions:", in: bytes) { return (.vcrYAML, nil) }
    if VCRCodec.isVCR1(bytes) { return (.vcrYAML, nil) }
    if hasLine(startingWith: "interactions:", in: bytes) { return (.vcrpyYAML, nil) }
    throw .unknownFormat(
      path: path,
      reason:
        "neither JSON (HAR, VCR, vcrpy, native) nor VCR/vcrpy YAML with http_interactions or interactions (or VCR 1.x's list of !ruby/struct:VCR::HTTPInteraction)"
    )
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
    if head.contains("\"\(NativeCodec.formatKey)\"") { return .native }
    if head.contains("\"log\"") {
      return .har
    }
    if head.contains("\"http_interactions\"") { return .vcr }
    if head.contains("\"interactions\"") { return .vcrpy }
    return nil
  }
}
