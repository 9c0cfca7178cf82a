/// A file sent as one part of a `multipart/form-data` body, such as the `source` of a photo.
public struct GraphUpload: Sendable, Hashable {
  /// The form field name (`source` for photos and videos).
  public var name: String
  /// The file name announced in the part's Content-Disposition.
  public var filename: String
  /// The part's Content-Type, e.g. `image/jpeg`.
  public var contentType: String
  /// The file's bytes.
  public var bytes: [UInt8]

  public init(
    name: String, filename: String, contentType: String = "application/octet-stream",
    bytes: [UInt8]
  ) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.bytes = bytes
  }
}
