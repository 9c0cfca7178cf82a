import COpenSSL

/// The leaves an authority has issued, by host, at most `capacity` of them: when a new host
/// would pass it, the least recently used leaf is dropped (a handshake that holds it keeps
/// its own reference, `X509_up_ref`). So any number of `*.fbcdn.net` names costs bounded
/// memory; a dropped host that comes back gets a new leaf (a signature, well under a
/// millisecond).
///
/// Not thread-safe: its authority keeps it behind a lock.
struct LeafCache: ~Copyable {
  let capacity: Int
  private var entries: [String: (leaf: OpaquePointer, used: UInt64)] = [:]
  private var clock: UInt64 = 0

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  deinit {
    for entry in entries.values { X509_free(entry.leaf) }
  }

  var count: Int { entries.count }

  /// The leaf for `host`, marked as just used.
  mutating func leaf(for host: String) -> OpaquePointer? {
    guard let entry = entries[host] else { return nil }
    clock += 1
    entries[host] = (entry.leaf, clock)
    return entry.leaf
  }

  /// Keeps `leaf` (the cache owns the reference given) for `host`, dropping the least recently
  /// used leaf when the cache is full.
  mutating func insert(_ leaf: OpaquePointer, for host: String) {
    if let old = entries[host] { X509_free(old.leaf) }
    if entries[host] == nil, entries.count >= capacity,
      let oldest = entries.min(by: { $0.value.used < $1.value.used })
    {
      X509_free(oldest.value.leaf)
      entries[oldest.key] = nil
    }
    clock += 1
    entries[host] = (leaf, clock)
  }
}
