import GraphAPI

/// The multipart/form-data reader (`MultipartFormData(parsing:contentType:)`), as the emulator
/// reads every POST of the iOS SDK 3.x: the input's first line is the `Content-Type` (its
/// boundary), the rest the body. It never crashes or spins; what it reads is written again
/// (`encoded()`) and read back to as many parameters and files, with the same file bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzBytes(data, size)
  let newline = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
  let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
  let body = Array(bytes[min(newline + 1, bytes.endIndex)...])
  guard let form = try? MultipartFormData(parsing: body, contentType: contentType) else {
    return 0
  }
  let again = MultipartFormData(parameters: form.parameters, uploads: form.uploads)
  let read = try? MultipartFormData(parsing: again.encoded(), contentType: again.contentType)
  fuzzRequire(read != nil, "what was read does not read back once written")
  if let read {
    fuzzRequire(
      read.parameters.items.count == form.parameters.items.count
        && read.uploads.map(\.bytes) == form.uploads.map(\.bytes),
      "what was read reads back different once written")
  }
  return 0
}
