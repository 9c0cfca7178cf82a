/// FBRequestBody.m of the iOS SDK 3.x (every 3.x release), byte for byte: the first append
/// writes `--B\r\n`; every part is its `Content-Disposition` (and `Content-Type` for a file),
/// a blank line, the value, then `\r\n--B\r\n`. Nothing closes the body with `--B--`.
struct SDKRequestBody: Sendable {
  private(set) var bytes: [UInt8] = []
  var boundary = IOSSDKWire.boundary

  /// `appendUTF8:`: the opening delimiter before the very first bytes.
  mutating func appendUTF8(_ text: String) {
    if bytes.isEmpty { bytes += Array("--\(boundary)\r\n".utf8) }
    bytes += Array(text.utf8)
  }

  /// `appendRecordBoundary`.
  mutating func appendRecordBoundary() { appendUTF8("\r\n--\(boundary)\r\n") }

  /// `appendWithKey:formValue:logger:`.
  mutating func append(_ key: String, formValue value: String) {
    appendUTF8("Content-Disposition: form-data; name=\"\(key)\"\r\n\r\n")
    appendUTF8(value)
    appendRecordBoundary()
  }

  /// `appendWithKey:imageValue:logger:` and `appendWithKey:dataValue:logger:`: the file name
  /// is the key.
  mutating func append(_ key: String, file: [UInt8], contentType: String) {
    appendUTF8("Content-Disposition: form-data; name=\"\(key)\"; filename=\"\(key)\"\r\n")
    appendUTF8("Content-Type: \(contentType)\r\n\r\n")
    bytes += file
    appendRecordBoundary()
  }
}
