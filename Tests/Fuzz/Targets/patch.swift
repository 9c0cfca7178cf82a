import GraphJSON

/// JSON Patch on arbitrary input: a JSON array `[document, patch]`. Parsing the patch throws or
/// gives operations; applying them throws or gives a result that never grew past the limit
/// (growth-by-copy patches double the document each operation).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  guard let input = try? JSONParser.parse(bytes), let pair = input.arrayValue, pair.count == 2,
    let patch = try? JSONPatch(parsing: pair[1])
  else { return 0 }
  let limit = 1 << 16
  guard let result = try? patch.apply(to: pair[0], maxGrowth: limit) else { return 0 }
  let before = pair[0].compactSize(limit: .max) ?? 0
  fuzzRequire(
    result.compactSize(limit: before + limit) != nil, "a patch grew the document past the limit")
  _ = JSONMergePatch.apply(pair[1], to: pair[0])
  return 0
}
