import GraphGzip

/// The bounded gzip reader the native format inflates `{"gzip": ...}` bodies with, on arbitrary
/// bytes: it throws or gives at most the limit (never more, however the input is built), and
/// what it gives compresses and reads back to the same bytes; any input compresses and reads
/// back too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let limit = 1 << 20
  if let inflated = try? Gzip.decompress(bytes, limit: limit) {
    fuzzRequire(inflated.count <= limit, "inflated \(inflated.count) bytes past the limit")
    let again = try? Gzip.decompress(Gzip.compress(inflated), limit: limit)
    fuzzRequire(again == inflated, "compressing what was inflated did not read back")
  }
  let round = try? Gzip.decompress(Gzip.compress(bytes), limit: bytes.count)
  fuzzRequire(round == bytes, "compressed input did not read back")
  return 0
}
