extension Cassette {
  /// The cassette at `path` in any format `import` reads, for replaying and verifying: a native
  /// cassette read as `load(path:)` reads it (torn tail and all), any other (Ruby VCR or vcrpy
  /// YAML or JSON, VCR 1.x, HAR, ExVCR, WireMock) imported in memory with its secrets redacted,
  /// as `import` would write it (issue 27: `serve --replay` of a recorder's own file). A pipe
  /// is read once.
  ///
  /// A JSON object is read as a native cassette first, so a broken one fails at its first bad
  /// byte as `load(path:)` does; only one without `graph_explorer_cassette` is imported.
  ///
  /// - Parameter publicValues: tokens left as they are (the emulator's published test tokens).
  /// - Throws: as `load(path:)` for a native cassette, as `Interchange.importCassette` for the
  ///   others.
  public static func loadAnyFormat(
    path: String, publicValues: Set<String> = []
  ) throws(CassetteError) -> Cassette {
    if let file = MappedFile(path: path) {
      if startsAsObject(UnsafeBufferPointer(file.bytes)) {
        do { return try load(mapped: file, path: path) } catch {
          guard isNotNative(error) else { throw error }
        }
      }
      return try Interchange.importWithNotes(file, path: path, publicValues: publicValues)
        .cassette
    }
    let bytes = try FileIO.read(path: path)
    if bytes.withUnsafeBufferPointer(startsAsObject) {
      do { return try Cassette(bytes: bytes, path: path) } catch {
        guard isNotNative(error) else { throw error }
      }
    }
    return try Interchange.importCassette(bytes, path: path, publicValues: publicValues).cassette
  }

  /// Whether `error` says only that a JSON object is no native cassette (no
  /// `graph_explorer_cassette` at its top level).
  private static func isNotNative(_ error: CassetteError) -> Bool {
    guard case .invalidField(_, nil, let field, _) = error else { return false }
    return field == NativeCodec.formatKey
  }

  /// Whether `bytes` start (after a byte-order mark and white space) with `{`.
  static func startsAsObject(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
    return start < bytes.count && bytes[start] == UInt8(ascii: "{")
  }
}
