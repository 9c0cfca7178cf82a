import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fallback load generator when wrk is not installed: one thread per connection, each
/// sending keep-alive GETs back to back until the time is up and timing every answer.
struct ServeLoadClient: Sendable {
  var port: Int
  var path: String

  final class Tally: @unchecked Sendable {
    let lock = NSLock()
    var latencies: [UInt64] = []
    var errors = 0
  }

  func run(connections: Int, seconds: Double) -> ServeBenchmark.Result? {
    let tally = Tally()
    let group = DispatchGroup()
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
    let start = DispatchTime.now().uptimeNanoseconds
    let end = start + UInt64(seconds * 1e9)
    for _ in 0..<connections {
      group.enter()
      let thread = Thread {
        let (latencies, errors) = Self.connection(port: port, request: request, until: end)
        tally.lock.withLock {
          tally.latencies += latencies
          tally.errors += errors
        }
        group.leave()
      }
      thread.start()
    }
    group.wait()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    var sorted = tally.latencies
    guard !sorted.isEmpty else { return nil }
    sorted.sort()
    func percentile(_ p: Double) -> Double {
      Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1e6
    }
    return ServeBenchmark.Result(
      client: "threads", requests: sorted.count, errors: tally.errors, seconds: elapsed,
      p50: percentile(0.5), p99: percentile(0.99))
  }

  /// One keep-alive connection's loop: the latency of each answered request, and errors.
  static func connection(port: Int, request: [UInt8], until end: UInt64) -> ([UInt64], Int) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { _ = close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return ([], 1) }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var latencies: [UInt64] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while DispatchTime.now().uptimeNanoseconds < end {
      let sent = DispatchTime.now().uptimeNanoseconds
      guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count
      else { return (latencies, 1) }
      // Read one whole answer: the head, then Content-Length bytes of body.
      var received = 0
      var needed = Int.max
      while received < needed {
        let n = buffer.withUnsafeMutableBytes {
          recv(fd, $0.baseAddress! + received, $0.count - received, 0)
        }
        guard n > 0 else { return (latencies, 1) }
        received += n
        if needed == .max, let length = Self.answerLength(buffer[..<received]) { needed = length }
      }
      latencies.append(DispatchTime.now().uptimeNanoseconds - sent)
    }
    return (latencies, 0)
  }

  /// The full length of an answer whose head is in `bytes`, once the head is complete.
  static func answerLength(_ bytes: ArraySlice<UInt8>) -> Int? {
    let marker = Array("\r\n\r\n".utf8)
    guard bytes.count >= 4,
      let headEnd = (bytes.startIndex...(bytes.endIndex - 4)).first(where: {
        bytes[$0..<($0 + 4)].elementsEqual(marker)
      })
    else { return nil }
    let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
    guard
      let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    else { return nil }
    return headEnd - bytes.startIndex + 4 + length
  }
}
