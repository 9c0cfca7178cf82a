import GraphAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a plain-http upstream is, without a name lookup that could block an I/O loop: an IPv4
/// or IPv6 address as written, or `localhost` (127.0.0.1, then ::1, as libcurl tries both).
struct UpstreamAddresses {
  /// One address to connect to: its family and its `sockaddr_in` or `sockaddr_in6` bytes.
  typealias Address = (family: Int32, bytes: [UInt8])

  let host: String
  let port: Int
  let addresses: [Address]
  /// `host:port`, the key its kept connections are found by.
  let key: String

  /// `nil` when `parts` names a host to be looked up (libcurl goes there instead).
  init?(parts: URLParts) {
    host = parts.host
    port = parts.port ?? 80
    var names = [host]
    if host == "localhost" { names = ["127.0.0.1", "::1"] }
    var found: [Address] = []
    for name in names {
      var bare = name
      if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
      if let address = Self.address(bare, port: port) { found.append(address) }
    }
    guard !found.isEmpty else { return nil }
    addresses = found
    key = host + ":" + String(port)
  }

  private static func address(_ text: String, port: Int) -> Address? {
    let networkPort = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = networkPort
      address.sin_addr = v4
      return (AF_INET, withUnsafeBytes(of: address) { Array($0) })
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_port = networkPort
    address.sin6_addr = v6
    return (AF_INET6, withUnsafeBytes(of: address) { Array($0) })
  }
}
