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

  /// One request's body: its text parameters as parts when `formData` (a POST), its
  /// attachments (an image as `imageType`, data as `content/unknown`), then its graph object's
  /// fields (FBRequestConnection.m `requestWithBatch:timeout:`; Request.java `processRequest`).
  mutating func appendSingle(
    _ request: IOSSDKRequest, url: String, formData: Bool, imageType: String
  ) {
    if formData {
      for (name, value) in request.parameters {
        if case .string(let text) = value { append(name, formValue: text) }
      }
    }
    appendAttachments(request.parameters, imageType: imageType)
    if let object = request.graphObject {
      for (key, value) in IOSSDKWire.graphObjectFields(object, path: URLParts(url)?.path ?? "") {
        append(key, formValue: value)
      }
    }
  }

  /// A batch's body: `batch_app_id`, `batch` (the JSON text), then the attachments, named
  /// `file0`, `file1`, ... by the entries.
  mutating func appendBatch(
    appID: String, json: String, attachments: [(name: String, value: IOSSDKRequest.Value)],
    imageType: String
  ) {
    append("batch_app_id", formValue: appID)
    append("batch", formValue: json)
    appendAttachments(attachments, imageType: imageType)
  }

  /// `appendAttachments:toBody:addFormData:NO`: images and data as file parts named by key.
  mutating func appendAttachments(
    _ parameters: [(name: String, value: IOSSDKRequest.Value)], imageType: String
  ) {
    for (name, value) in parameters {
      switch value {
      case .string: continue
      case .image(let bytes): append(name, file: bytes, contentType: imageType)
      case .data(let bytes): append(name, file: bytes, contentType: "content/unknown")
      }
    }
  }
}
