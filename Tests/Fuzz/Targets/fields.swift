import GraphAPI

/// The field-selection grammar (`fields=id,name,friends.limit(2){name}`): it either throws
/// a `FieldSelectionError` or returns a selection whose canonical text parses to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFields(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
  guard let selection = try? FieldSelection(parsing: text) else { return 0 }
  let canonical = selection.description
  let again = try? FieldSelection(parsing: canonical)
  fuzzRequire(again == selection, "the canonical text '\(canonical)' does not parse to itself")
  return 0
}
