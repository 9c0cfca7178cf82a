/// Indentation for the cassette's printers: spaces copied from one array in one go
/// (`repeatElement` went through the generic append, a byte at a time: 1.5% of
/// `serve --record`'s samples, issue 48).
enum Spaces {
  private static let run = [UInt8](repeating: 0x20, count: 128)

  /// Appends `count` spaces to `bytes`.
  @inline(__always)
  static func append(_ count: Int, to bytes: inout [UInt8]) {
    var left = count
    while left > 0 {
      let n = min(left, run.count)
      bytes.append(contentsOf: run[..<n])
      left -= n
    }
  }
}
