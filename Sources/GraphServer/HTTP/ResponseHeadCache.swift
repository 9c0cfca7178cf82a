import GraphAPI

/// The heads of the last few answers written, so an answer given again (a replayed
/// interaction, the emulator's same error) reuses its bytes instead of formatting them. A hit
/// compares the status, the body length and the headers (the same stored headers compare by
/// identity, at once).
struct ResponseHeadCache {
  private struct Entry {
    var status: Int
    var bodyCount: Int
    var minorVersion: Int
    var keepAlive: Bool
    var headers: HTTPHeaders
    var bytes: [UInt8]
  }

  private var entries: [Entry] = []
  private var next = 0
  static let capacity = 8

  /// The head of `response` as `HTTPResponseWriter.head` writes it.
  mutating func head(_ response: HTTPResponse, minorVersion: Int, keepAlive: Bool) -> [UInt8] {
    for entry in entries
    where entry.status == response.status && entry.bodyCount == response.body.count
      && entry.minorVersion == minorVersion && entry.keepAlive == keepAlive
      && entry.headers == response.headers
    {
      return entry.bytes
    }
    let bytes = HTTPResponseWriter.head(
      response, minorVersion: minorVersion, keepAlive: keepAlive)
    let entry = Entry(
      status: response.status, bodyCount: response.body.count, minorVersion: minorVersion,
      keepAlive: keepAlive, headers: response.headers, bytes: bytes)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
    return bytes
  }
}
