/// A JSON number that keeps its exact source text (`1.10`, `1e400`, `12345678901234567890`
/// print back unchanged) and compares by decimal value (`1.0 == 1`, `1e2 == 100`).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, Comparable {
  /// The number exactly as written.
  public let text: String

  /// Wraps text that is already a valid JSON number (the parser guarantees it).
  public init(text: String) { self.text = text }

  /// A number from an integer.
  public init(_ value: Int) { self.text = String(value) }

  /// A number from a finite double, in its shortest round-tripping form; non-finite values,
  /// which JSON cannot hold, become `0`.
  public init(_ value: Double) {
    guard value.isFinite else {
      self.text = "0"
      return
    }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      self.text = String(Int64(value))
    } else {
      self.text = "\(value)"
    }
  }

  public var description: String { text }

  /// The value as a `Double` (may lose precision or overflow to infinity).
  public var doubleValue: Double { Double(text) ?? .nan }

  /// The value as an `Int` when it is integral and fits.
  public var intValue: Int? {
    if let exact = Int(text) { return exact }
    let d = doubleValue
    guard d.isFinite, d == d.rounded(), abs(d) < 9.0e18 else { return nil }
    return Int(d)
  }

  /// Whether the text has no fraction and no exponent.
  public var isIntegerLiteral: Bool {
    !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
  }

  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    lhs.text == rhs.text || lhs.canonical == rhs.canonical
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(canonical) }

  public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    let l = lhs.canonical
    let r = rhs.canonical
    if l == r { return false }
    if l.negative != r.negative { return l.negative }
    let magnitudeLess = Canonical.magnitudeLess(l, r)
    return l.negative ? !magnitudeLess : magnitudeLess
  }

  /// Sign, significant digits (no leading or trailing zeros) and the decimal exponent such
  /// that value = 0.digits × 10^exponent. Zero has no digits and is never negative.
  struct Canonical: Hashable {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    static func magnitudeLess(_ a: Canonical, _ b: Canonical) -> Bool {
      if a.digits.isEmpty { return !b.digits.isEmpty }
      if b.digits.isEmpty { return false }
      if a.exponent != b.exponent { return a.exponent < b.exponent }
      return a.digits.lexicographicallyPrecedes(b.digits)
    }
  }

  var canonical: Canonical {
    var bytes = Array(text.utf8)[...]
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    } else if bytes.first == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    var digits: [UInt8] = []
    var pointPosition = 0
    var seenPoint = false
    var exponent = 0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let b = bytes[index]
      if b >= 48 && b <= 57 {
        digits.append(b)
        if !seenPoint { pointPosition += 1 }
      } else if b == UInt8(ascii: ".") {
        seenPoint = true
      } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
        exponent = Self.parseExponent(bytes[(index + 1)...])
        break
      }
      index += 1
    }
    var leading = 0
    while leading < digits.count && digits[leading] == 48 { leading += 1 }
    digits.removeFirst(leading)
    pointPosition -= leading
    while let last = digits.last, last == 48 { digits.removeLast() }
    if digits.isEmpty { return Canonical(negative: false, digits: [], exponent: 0) }
    let (sum, overflow) = pointPosition.addingReportingOverflow(exponent)
    return Canonical(
      negative: negative, digits: digits,
      exponent: overflow ? (exponent > 0 ? Int.max : Int.min) : sum)
  }

  private static func parseExponent(_ bytes: ArraySlice<UInt8>) -> Int {
    var negative = false
    var rest = bytes
    if rest.first == UInt8(ascii: "-") {
      negative = true
      rest = rest.dropFirst()
    } else if rest.first == UInt8(ascii: "+") {
      rest = rest.dropFirst()
    }
    var value = 0
    for b in rest where b >= 48 && b <= 57 {
      // Saturate: 1e99999999999999999999 is a (huge) number, not a crash.
      if value > (Int.max / 4) / 10 {
        value = Int.max / 4
      } else {
        value = value * 10 + Int(b - 48)
      }
    }
    return negative ? -value : value
  }
}
