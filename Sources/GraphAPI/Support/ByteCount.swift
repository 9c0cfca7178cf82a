/// Sizes in bytes as people write them: the limits' flags read `1048576`, `512K`, `64M`, `1G`
/// (also `KiB`, `MiB`, `GiB`; binary multiples), and messages print `64 MiB`, `512 KiB`,
/// `100 bytes`.
package enum ByteCount {
  /// The largest size accepted: 2^50 bytes (1 PiB).
  package static let largest = 1 << 50

  /// The number of bytes `text` names, or `nil` when it is not a size up to `largest`.
  package static func parse(_ text: String) -> Int? {
    let units: [(String, Int)] = [
      ("KIB", 1 << 10), ("MIB", 1 << 20), ("GIB", 1 << 30), ("K", 1 << 10), ("M", 1 << 20),
      ("G", 1 << 30), ("B", 1),
    ]
    var digits = Substring(text.uppercased())
    var unit = 1
    for (suffix, multiple) in units where digits.hasSuffix(suffix) {
      unit = multiple
      digits = digits.dropLast(suffix.count)
      break
    }
    guard !digits.isEmpty, digits.count <= 16, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let n = Int(digits), n <= largest / unit
    else { return nil }
    return n * unit
  }

  /// `bytes` in the largest binary unit that divides it: `64 MiB`, `512 KiB`, `100 bytes`.
  package static func text(_ bytes: Int) -> String {
    if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
