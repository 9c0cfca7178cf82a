import GraphJSON

/// JSON Patch on arbitrary input: a JSON array `[document, patch]`. Parsing the patch throws or
/// gives operations; applying them throws or gives a result that never grew past the limit
/// (growth-by-copy patches double the document each operation). The input as a patch's text,
/// applied an operation at a time, gives what parsing it whole and applying it gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  checkPatchText(bytes)
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

/// The outcome of the bytes as a patch applied from its text, against parsing it whole: the
/// same result or error, and nil exactly when the whole parse fails or is not an array.
func checkPatchText(_ bytes: [UInt8]) {
  let doc: JSONValue = ["a": [1, 2, 3], "b": ["c": "d"]]
  func describe(_ body: () throws(JSONPatchError) -> JSONValue?) -> String? {
    do throws(JSONPatchError) { return try body().map { "ok \($0)" } } catch {
      return "error \(error)"
    }
  }
  let streamed = describe { () throws(JSONPatchError) in
    try bytes.withUnsafeBufferPointer { buffer throws(JSONPatchError) in
      try JSONPatch.apply(text: buffer, to: doc, maxGrowth: 1 << 16)
    }
  }
  let parsed = try? JSONParser.parse(bytes)
  guard let streamed else {
    fuzzRequire(parsed?.arrayValue == nil, "a well-formed patch array was refused from its text")
    return
  }
  guard let parsed else {
    fuzzRequire(false, "a patch text that does not parse was applied")
    return
  }
  let whole = describe { () throws(JSONPatchError) in
    try JSONPatch(parsing: parsed).apply(to: doc, maxGrowth: 1 << 16)
  }
  fuzzRequire(streamed == whole, "a patch applied from its text differs from the parsed patch")
}
