#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if os(Linux)
  import CEventPoll
#endif

/// What an I/O loop waits for on one descriptor.
package struct Interest: OptionSet, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }
  package static let read = Interest(rawValue: 1)
  package static let write = Interest(rawValue: 2)
}

/// One descriptor that is ready, named by the token it was registered with.
package struct ReadyEvent {
  package var token: UInt64
  /// Readable, or the peer hung up or the socket failed (a read then says which).
  package var readable: Bool
  /// Writable, or failed (a write then says so).
  package var writable: Bool
}

/// The I/O loop's interest set, kept between waits: descriptors are added, changed and removed
/// as a connection's phase changes, not rebuilt for every wait. On Linux it is an `epoll`
/// instance (level-triggered: a descriptor stays ready until it is read or written, as with
/// `poll`); elsewhere `poll` over the registered descriptors, built at each wait.
package final class EventPoller {
  /// The most events one wait reports (the rest are reported by the next).
  static let batch = 256
  package private(set) var ready: [ReadyEvent] = []

  #if os(Linux)
    private let fd: Int32
    private let events: UnsafeMutablePointer<epoll_event>

    package init?() {
      fd = epoll_create1(Int32(EPOLL_CLOEXEC))
      guard fd >= 0 else { return nil }
      events = .allocate(capacity: Self.batch)
      ready.reserveCapacity(Self.batch)
    }

    deinit {
      events.deallocate()
      Socket.close(fd)
    }

    /// Registers `descriptor` (`old` empty), changes what is waited for, or removes it (`new`
    /// empty). The loop removes a descriptor before closing it: epoll would drop it only once
    /// no process holds the socket, and until then report it under a token no longer in use.
    package func change(_ descriptor: Int32, token: UInt64, from old: Interest, to new: Interest) {
      guard old != new else { return }
      var event = epoll_event()
      event.events =
        (new.contains(.read) ? EPOLLIN.rawValue : 0)
        | (new.contains(.write) ? EPOLLOUT.rawValue : 0)
      event.data.u64 = token
      let operation = old.isEmpty ? EPOLL_CTL_ADD : new.isEmpty ? EPOLL_CTL_DEL : EPOLL_CTL_MOD
      _ = epoll_ctl(fd, operation, descriptor, &event)
    }

    /// Waits up to `timeout` milliseconds; the ready descriptors are in `ready`.
    package func wait(timeout: Int32) {
      ready.removeAll(keepingCapacity: true)
      let count = epoll_wait(fd, events, Int32(Self.batch), timeout)
      guard count > 0 else { return }
      let failed = EPOLLHUP.rawValue | EPOLLERR.rawValue
      for index in 0..<Int(count) {
        let flags = events[index].events
        ready.append(
          ReadyEvent(
            token: events[index].data.u64,
            readable: flags & (EPOLLIN.rawValue | failed) != 0,
            writable: flags & (EPOLLOUT.rawValue | failed) != 0))
      }
    }
  #else
    private var registered: [Int32: (token: UInt64, interest: Interest)] = [:]
    private var set: [pollfd] = []
    private var tokens: [UInt64] = []

    package init?() {}

    package func change(_ descriptor: Int32, token: UInt64, from old: Interest, to new: Interest) {
      guard old != new else { return }
      registered[descriptor] = new.isEmpty ? nil : (token, new)
    }

    package func wait(timeout: Int32) {
      ready.removeAll(keepingCapacity: true)
      set.removeAll(keepingCapacity: true)
      tokens.removeAll(keepingCapacity: true)
      for (descriptor, entry) in registered {
        let events =
          (entry.interest.contains(.read) ? POLLIN : 0)
          | (entry.interest.contains(.write) ? POLLOUT : 0)
        set.append(pollfd(fd: descriptor, events: Int16(events), revents: 0))
        tokens.append(entry.token)
      }
      guard poll(&set, nfds_t(set.count), timeout) > 0 else { return }
      let failed = Int16(POLLHUP | POLLERR | POLLNVAL)
      for (index, entry) in set.enumerated() where entry.revents != 0 {
        ready.append(
          ReadyEvent(
            token: tokens[index],
            readable: entry.revents & (Int16(POLLIN) | failed) != 0,
            writable: entry.revents & (Int16(POLLOUT) | failed) != 0))
      }
    }
  #endif
}
