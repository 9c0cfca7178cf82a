import GraphAPI

/// The heads of the last few answers written, so an answer given again (a replayed
/// interaction, the emulator's same error) reuses its bytes instead of formatting them. A hit
/// compares the status, the body length and the headers (the same stored headers compare by
/// identity, at once).
///
/// An answer whose headers differ from a cached head's only in a few values of the same length
/// (the emulator's fresh `x-fb-trace-id` and its `x-app-usage` each time) is a hit too: the
/// cached bytes are copied and the new values written over the old ones, where
/// `HTTPResponseWriter.head` would have put them, so the bytes are the same as formatting anew.
/// A body of another length with as many digits is a hit as well, its `Content-Length`
/// written over (the emulator's distinct reads differ in length from answer to answer).
struct ResponseHeadCache {
  private struct Entry {
    var status: Int
    var bodyCount: Int
    var minorVersion: Int
    var keepAlive: Bool
    var headers: HTTPHeaders
    var bytes: [UInt8]
    /// Where the `Content-Length` digits start in `bytes` (-1: none written), and how many.
    var lengthOffset: Int
    var lengthDigits: Int
    /// Where each header's value starts in `bytes`; -1 when it cannot be written over.
    var valueOffsets: [Int]
  }

  private var entries: [Entry] = []
  private var next = 0
  static let capacity = 8
  /// The most header values a hit may write over; more differences format the head anew.
  static let maximumSplices = 4

  /// The head of `response` as `HTTPResponseWriter.head` writes it.
  mutating func head(_ response: HTTPResponse, minorVersion: Int, keepAlive: Bool) -> [UInt8] {
    let count = response.body.count
    let digits = Self.digits(count)
    for index in entries.indices
    where entries[index].status == response.status
      && (entries[index].bodyCount == count
        || (entries[index].lengthOffset >= 0 && entries[index].lengthDigits == digits))
      && entries[index].minorVersion == minorVersion && entries[index].keepAlive == keepAlive
    {
      guard var bytes = Self.reuse(entries[index], for: response.headers) else { continue }
      if entries[index].bodyCount != count {
        Self.write(count, digits: digits, at: entries[index].lengthOffset, in: &bytes)
      }
      return bytes
    }
    var offsets: [Int]? = []
    let bytes = HTTPResponseWriter.head(
      response, minorVersion: minorVersion, keepAlive: keepAlive, valueOffsets: &offsets)
    let entry = Entry(
      status: response.status, bodyCount: count, minorVersion: minorVersion,
      keepAlive: keepAlive, headers: response.headers, bytes: bytes,
      lengthOffset: Self.lengthOffset(in: bytes, digits: digits), lengthDigits: digits,
      valueOffsets: offsets ?? [])
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
    return bytes
  }

  /// How many decimal digits `count` has.
  static func digits(_ count: Int) -> Int {
    var digits = 1
    var rest = count / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits
  }

  private static let lengthField = Array("\r\nContent-Length: ".utf8)

  /// Where the digits of the `Content-Length` the writer added start (the one such field:
  /// a response's own framing headers are never written), -1 when there is none.
  static func lengthOffset(in bytes: [UInt8], digits: Int) -> Int {
    let field = lengthField
    guard bytes.count >= field.count + digits else { return -1 }
    var start = bytes.count - field.count - digits
    while start >= 0 {
      if bytes[start] == 13, bytes[start..<(start + field.count)].elementsEqual(field) {
        return start + field.count
      }
      start -= 1
    }
    return -1
  }

  /// Writes `count` (of `digits` digits) at `offset`.
  private static func write(_ count: Int, digits: Int, at offset: Int, in bytes: inout [UInt8]) {
    var rest = count
    for position in stride(from: offset + digits - 1, through: offset, by: -1) {
      bytes[position] = UInt8(48 + rest % 10)
      rest /= 10
    }
  }

  /// `entry`'s bytes with `headers`' values written in, when they differ from its headers only
  /// in at most `maximumSplices` values of the same length that are written as they are.
  private static func reuse(_ entry: Entry, for headers: HTTPHeaders) -> [UInt8]? {
    let cached = entry.headers.fields
    let fresh = headers.fields
    guard cached.count == fresh.count, entry.valueOffsets.count == fresh.count else {
      return nil
    }
    var splices: (Int, Int, Int, Int) = (0, 0, 0, 0)
    var spliceCount = 0
    for index in fresh.indices {
      let old = cached[index]
      let new = fresh[index]
      guard old.name == new.name else { return nil }
      if old.value == new.value { continue }
      let offset = entry.valueOffsets[index]
      guard offset >= 0 else {
        // A framing header's value is not written; a sanitized one may change length.
        if isFramingOffset(entry, index) { continue }
        return nil
      }
      guard spliceCount < maximumSplices, old.value.utf8.count == new.value.utf8.count else {
        return nil
      }
      var value = new.value
      guard value.withUTF8(HTTPResponseWriter.isClean) else { return nil }
      switch spliceCount {
      case 0: splices.0 = index
      case 1: splices.1 = index
      case 2: splices.2 = index
      default: splices.3 = index
      }
      spliceCount += 1
    }
    guard spliceCount > 0 else { return entry.bytes }
    var bytes = entry.bytes
    bytes.withUnsafeMutableBufferPointer { out in
      for splice in 0..<spliceCount {
        let index =
          switch splice {
          case 0: splices.0
          case 1: splices.1
          case 2: splices.2
          default: splices.3
          }
        var value = fresh[index].value
        let start = entry.valueOffsets[index]
        value.withUTF8 { utf8 in
          for (offset, byte) in utf8.enumerated() { out[start + offset] = byte }
        }
      }
    }
    return bytes
  }

  /// Whether header `index` of `entry` is a framing header (its value is not in the head).
  private static func isFramingOffset(_ entry: Entry, _ index: Int) -> Bool {
    HTTPResponseWriter.isFramingHeader(entry.headers.fields[index].name)
  }
}
