extension PercentEncoding {
  /// `decode(_:plusAsSpace:)` of ASCII bytes, read in place: the same result, without the
  /// `Character` walk and the copy (text with no `%` or `+` becomes a `String` at once).
  static func decode(ascii bytes: Slice<UnsafeBufferPointer<UInt8>>, plusAsSpace: Bool) -> String {
    guard bytes.contains(where: { $0 == 0x25 || ($0 == 0x2B && plusAsSpace) }) else {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }
    return decode(bytes: bytes, plusAsSpace: plusAsSpace)
  }

  /// The components of an ASCII `text` between `separator` bytes, empty ones dropped, each
  /// decoded as `decode(_:plusAsSpace:)` does; `nil` when `text` is not ASCII (the caller then
  /// splits it by `Character`, as before). For ASCII the two agree: no separator used here
  /// (`/`, `&`) joins a grapheme cluster with its neighbours.
  static func decodedComponents(
    ofASCII text: some StringProtocol, separator: UInt8, plusAsSpace: Bool,
    _ each: (_ component: Slice<UnsafeBufferPointer<UInt8>>) -> Void
  ) -> Bool {
    var text = Substring(text)
    return text.withUTF8 { bytes in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
      var start = 0
      for i in 0...bytes.count where i == bytes.count || bytes[i] == separator {
        if i > start { each(bytes[start..<i]) }
        start = i + 1
      }
      return true
    }
  }
}
