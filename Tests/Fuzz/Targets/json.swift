import GraphJSON

/// GraphJSON's parsers on arbitrary bytes: `JSONParser` either throws a `JSONParseError` or
/// returns a value that prints (compact and pretty) to text parsing back to the same value;
/// `JSONDocument` accepts and rejects the same bytes with the same error, reads back the
/// same value and prints the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let tree = Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
  let document = Result { () throws(JSONParseError) in try JSONDocument(parsing: bytes) }
  guard case .success(let value) = tree else {
    if case .failure(let error) = tree, case .failure(let other) = document {
      fuzzRequire(error == other, "JSONDocument fails with another error than JSONParser")
    } else {
      fuzzRequire(false, "JSONDocument accepts what JSONParser rejects")
    }
    _ = try? JSONParser(maxDepth: 4).parse(bytes)
    _ = try? JSONDocument(parsing: bytes, maxDepth: 4)
    return 0
  }
  guard case .success(let parsed) = document else {
    fuzzRequire(false, "JSONDocument rejects what JSONParser accepts")
    return 0
  }
  fuzzRequire(parsed.jsonValue == value, "JSONDocument reads another value than JSONParser")
  for options in [JSONPrinter.Options(), [.pretty, .sortedKeys], [.asciiOnly]] {
    let printed = JSONPrinter(options: options).bytes(value)
    let reparsed = try? JSONParser.parse(printed)
    fuzzRequire(reparsed == value, "printed JSON does not parse back to the same value")
    fuzzRequire(
      JSONPrinter(options: options).bytes(parsed.root) == printed,
      "a JSONDocument prints other bytes than the same JSONValue")
  }
  _ = value.prettyText
  return 0
}
