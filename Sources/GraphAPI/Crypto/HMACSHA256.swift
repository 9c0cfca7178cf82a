/// HMAC-SHA256 (RFC 2104 with SHA-256), as Graph uses it for `appsecret_proof`.
public enum HMACSHA256 {
  /// The 32-byte MAC of `message` under `key`.
  public static func authenticate(_ message: some Sequence<UInt8>, key: some Sequence<UInt8>)
    -> [UInt8]
  {
    var keyBlock = Array(key)
    if keyBlock.count > SHA256.blockCount { keyBlock = SHA256.hash(keyBlock) }
    keyBlock.append(contentsOf: repeatElement(0, count: SHA256.blockCount - keyBlock.count))
    var inner = SHA256()
    inner.update(keyBlock.map { $0 ^ 0x36 })
    inner.update(message)
    var outer = SHA256()
    outer.update(keyBlock.map { $0 ^ 0x5c })
    outer.update(inner.finalize())
    return outer.finalize()
  }

  /// The MAC of a UTF-8 `message` under a UTF-8 `key`, as lowercase hex.
  public static func hex(_ message: String, key: String) -> String {
    Hex.encode(authenticate(Array(message.utf8), key: Array(key.utf8)))
  }
}
