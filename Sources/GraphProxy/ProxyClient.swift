import GraphServer

/// One client connection of the proxy, owned by its loop thread, and what it is doing.
final class ProxyClient {
  enum Phase: Equatable {
    /// Reading the first request's head (a `CONNECT`, or plain HTTP handed to the server).
    case head
    /// Writing a refusal, then closing.
    case refusing
    /// The TLS handshake with the host's leaf.
    case handshake
    /// Decrypted requests to the server's end of `plain`, its answers back encrypted.
    case relay
    /// `--pass-through`: looking up the host (on another thread).
    case resolving
    /// `--pass-through`: connecting to the host (`plain` is the upstream socket).
    case connecting
    /// `--pass-through`: bytes copied both ways untouched.
    case tunnel
  }

  let id: UInt64
  let fd: Int32
  let acceptedAt: UInt64
  /// When a byte from the client was last read while it was opening (its accepting at first),
  /// as the loop's time for that batch of events: at the cap, the client heard from longest ago
  /// is the one shed.
  var lastHeard: UInt64
  var phase = Phase.head
  /// When the present phase runs out, in monotonic nanoseconds (`.max`: no deadline).
  var deadline: UInt64
  /// What the poller waits for on `fd` and on `plain`.
  var interest: Interest = []
  var plainInterest: Interest = []
  /// The other socket: the proxy's end of the pair the server serves, or the upstream.
  var plain: Int32 = -1
  /// The head as it arrives, and how much of it was searched for its end.
  var head: [UInt8] = []
  var searched = 0
  /// The CONNECT request (for the log), and the host and port it names.
  var method: String?, target: String?
  var host = "", port = 443
  var tls: TLSSession?
  /// Bytes for the client and for `plain`, and how many of each were written.
  var toClient: [UInt8] = [], toClientOffset = 0
  var toPlain: [UInt8] = [], toPlainOffset = 0
  /// Whether each side has sent its last byte.
  var clientEnded = false
  var plainEnded = false
  /// Whether the write direction towards each side was shut down.
  var plainShut = false
  var clientShut = false
  /// Close once `toClient` is written.
  var closeWhenWritten = false
  /// `--pass-through`: the addresses left to try.
  var addresses: [SocketAddress] = []
  var isClosed = false

  init(id: UInt64, fd: Int32, now: UInt64, deadline: UInt64) {
    self.id = id
    self.fd = fd
    acceptedAt = now
    lastHeard = now
    self.deadline = deadline
  }

  var clientPending: Int { toClient.count - toClientOffset }
  var plainPending: Int { toPlain.count - toPlainOffset }

  /// Whether the client is still opening (head, handshake, refusal, lookup): it holds a slot
  /// without having been served, so it may be shed at the connection cap.
  var isOpening: Bool {
    switch phase {
    case .head, .handshake, .refusing, .resolving, .connecting: true
    case .relay, .tunnel: false
    }
  }

  /// Drops the written part of a buffer once it is all written (so buffers do not grow).
  func compact() {
    if toClientOffset == toClient.count, toClientOffset > 0 {
      toClient.removeAll(keepingCapacity: toClient.count <= Self.keptCapacity)
      toClientOffset = 0
    }
    if toPlainOffset == toPlain.count, toPlainOffset > 0 {
      toPlain.removeAll(keepingCapacity: toPlain.count <= Self.keptCapacity)
      toPlainOffset = 0
    }
  }

  /// Buffers up to this size keep their storage between writes.
  static let keptCapacity = 256 * 1024
}

/// A socket address from `getaddrinfo`, copied out of its list.
struct SocketAddress: Sendable {
  var family: Int32
  var bytes: [UInt8]
}
