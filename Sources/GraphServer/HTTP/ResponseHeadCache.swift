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
struct ResponseHeadCache {
  private struct Entry {
    var status: Int
    var bodyCount: Int
    var minorVersion: Int
    var keepAlive: Bool
    var headers: HTTPHeaders
    var bytes: [UInt8]
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
    for index in entries.indices
    where entries[index].status == response.status
      && entries[index].bodyCount == response.body.count
      && entries[index].minorVersion == minorVersion && entries[index].keepAlive == keepAlive
    {
      if let bytes = Self.reuse(entries[index], for: response.headers) { return bytes }
    }
    var offsets: [Int]? = []
    let bytes = HTTPResponseWriter.head(
      response, minorVersion: minorVersion, keepAlive: keepAlive, valueOffsets: &offsets)
    let entry = Entry(
      status: response.status, bodyCount: response.body.count, minorVersion: minorVersion,
      keepAlive: keepAlive, headers: response.headers, bytes: bytes, valueOffsets: offsets ?? [])
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
    return bytes
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
