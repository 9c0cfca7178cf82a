/// The headers that keep the emulator's non-JSON answers inert in a browser (issue 31): an
/// uploaded photo is served only as the image type its bytes show, never as markup or script,
/// and the dialogs' pages cannot be framed or run script. One table for every document.
enum DocumentPolicy {
  /// Magic numbers of the image types a photo is served as, in the order tried.
  static let imageSignatures: [(prefix: [UInt8], type: String)] = [
    ([0xFF, 0xD8, 0xFF], "image/jpeg"),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
    (Array("GIF87a".utf8), "image/gif"),
    (Array("GIF89a".utf8), "image/gif"),
  ]
  /// What a photo whose bytes are no image is served as: a download, never rendered.
  static let opaqueType = "application/octet-stream"

  /// The dialogs' pages: their own styles and forms, no script, no plug-in, never framed.
  static let pageCSP =
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; "
    + "frame-ancestors 'none'"
  /// Any other document (images, uploads, token text): nothing runs, even opened directly.
  static let opaqueCSP = "default-src 'none'; sandbox; frame-ancestors 'none'"

  /// The type photo bytes are served as, from the bytes alone (the upload's declared type is
  /// never trusted): a known image type, or `opaqueType`.
  static func sniffedImageType(_ bytes: [UInt8]) -> String {
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      return "image/webp"
    }
    return imageSignatures.first { bytes.starts(with: $0.prefix) }?.type ?? opaqueType
  }

  /// The security headers of a document of `contentType`.
  static func headers(contentType: String) -> [(String, String)] {
    var headers = [("X-Content-Type-Options", "nosniff")]
    if contentType.lowercased().hasPrefix("text/html") {
      headers.append(("Content-Security-Policy", pageCSP))
      headers.append(("X-Frame-Options", "DENY"))
    } else {
      headers.append(("Content-Security-Policy", opaqueCSP))
    }
    if contentType == opaqueType { headers.append(("Content-Disposition", "attachment")) }
    return headers
  }
}
