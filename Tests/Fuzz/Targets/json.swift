import GraphJSON

/// GraphJSON's parser on arbitrary bytes: it either throws a `JSONParseError` or returns a
/// value that prints (compact and pretty) to text parsing back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  guard let value = try? JSONParser.parse(bytes) else {
    _ = try? JSONParser(maxDepth: 4).parse(bytes)
    return 0
  }
  for options in [JSONPrinter.Options(), [.pretty, .sortedKeys], [.asciiOnly]] {
    let printed = JSONPrinter(options: options).bytes(value)
    let reparsed = try? JSONParser.parse(printed)
    fuzzRequire(reparsed == value, "printed JSON does not parse back to the same value")
  }
  _ = value.prettyText
  return 0
}
