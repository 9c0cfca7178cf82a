import GraphCassette

/// Every cassette decoder (native, HAR, Ruby VCR JSON and YAML, vcrpy JSON and YAML, and format
/// detection) on the same bytes: each either throws a `CassetteError` or returns a cassette
/// that exports to that format and imports back with as many interactions; a native cassette
/// comes back equal; YAML decodes the same with large scalars and header lists kept out of its
/// tree (packed) as with none.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCassette(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let formats: [InterchangeFormat?] = [nil] + InterchangeFormat.allCases.map { $0 }
  for format in formats {
    guard
      let (cassette, detected) = try? Interchange.importCassette(
        bytes, path: "fuzz", format: format)
    else { continue }
    let exported = Interchange.export(cassette, as: detected)
    let again = try? Interchange.importCassette(exported, path: "export", format: detected)
    fuzzRequire(
      again?.cassette.interactions.count == cassette.interactions.count,
      "a \(detected.rawValue) cassette does not import back after export")
    if detected == .vcrYAML || detected == .vcrpyYAML {
      // Large scalars and header lists kept out of the tree (every one, with a limit of one
      // byte) decode as the tree does.
      let ruby = detected == .vcrYAML
      let kept = try? Interchange.decodeYAML(bytes, ruby: ruby, largeScalarBytes: 1)
      let tree = try? Interchange.decodeYAML(bytes, ruby: ruby, largeScalarBytes: .max)
      fuzzRequire(kept == tree, "YAML decodes differently with large values kept out of the tree")
    }
    if detected == .native {
      // A torn tail read is a note on that read; what is written back is the whole cassette.
      var whole = cassette
      whole.tornTailBytes = nil
      fuzzRequire(
        (try? Cassette(bytes: cassette.encoded())) == whole,
        "a native cassette does not decode back to itself")
    }
  }
  return 0
}
