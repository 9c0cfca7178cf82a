import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blind tunnel between two sockets (`CONNECT` to a host the proxy does not answer, with
/// `--pass-through`): bytes are copied both ways, untouched, until both sides have ended or
/// nothing moves for `idleTimeout`.
struct ByteTunnel {
  let client: Int32
  let upstream: Int32
  let idleTimeout: Duration

  func run() {
    ProxySocket.makeNonBlocking(client)
    ProxySocket.makeNonBlocking(upstream)
    var ends: [(from: Int32, to: Int32, pending: [UInt8], offset: Int, ended: Bool)] = [
      (client, upstream, [], 0, false), (upstream, client, [], 0, false),
    ]
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let milliseconds = Int32(clamping: idleTimeout.components.seconds * 1000)
    while !(ends[0].ended && ends[1].ended) {
      var fds: [pollfd] = []
      for end in ends {
        var read = pollfd(fd: end.from, events: 0, revents: 0)
        var write = pollfd(fd: end.to, events: 0, revents: 0)
        if end.offset < end.pending.count {
          write.events = Int16(POLLOUT)
        } else if !end.ended {
          read.events = Int16(POLLIN)
        }
        fds.append(read)
        fds.append(write)
      }
      guard Socket.poll(&fds, timeout: milliseconds) > 0 else { return }
      for index in ends.indices {
        if ends[index].offset < ends[index].pending.count {
          let sent = ends[index].pending.withUnsafeBytes {
            send(
              ends[index].to, $0.baseAddress! + ends[index].offset,
              $0.count - ends[index].offset, ProxySocket.sendFlags)
          }
          if sent > 0 {
            ends[index].offset += sent
          } else if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
            return
          }
          if ends[index].offset == ends[index].pending.count, ends[index].ended {
            Socket.shutdownWrite(ends[index].to)
          }
          continue
        }
        guard !ends[index].ended else { continue }
        let got = buffer.withUnsafeMutableBytes {
          recv(ends[index].from, $0.baseAddress, $0.count, 0)
        }
        if got > 0 {
          ends[index].pending = Array(buffer[0..<got])
          ends[index].offset = 0
        } else if got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
          ends[index].ended = true
          Socket.shutdownWrite(ends[index].to)
        }
      }
    }
  }
}
