#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a socket watched by a server's I/O loop is told, on the loop thread.
package enum LoopSocketEvent {
  /// The socket can be read (or the peer hung up) and/or written.
  case ready(readable: Bool, writable: Bool)
  /// The watch's deadline passed.
  case expired
  /// The loop is ending: the watch is dropped and the socket is the watcher's to close.
  case loopEnded
}

/// Something with a socket on a server's I/O loop: an upstream exchange of `serve --record`.
package protocol LoopSocketWatcher: AnyObject {
  func socketEvent(_ event: LoopSocketEvent)
}

/// State a transport keeps on one loop (its idle upstream connections), told when the loop ends.
package protocol LoopAttachment: AnyObject {
  func loopEnded()
}

/// The sockets a transport runs on a server's own I/O loop beside its client connections, so a
/// forwarded request needs no thread of its own and no hand-off (issue 48): a transport called
/// on the loop thread finds the loop as `LoopSockets.current`, watches its sockets here, and is
/// told on the loop thread when they are ready or their deadline passes. Everything here is the
/// loop thread's alone.
package final class LoopSockets {
  private struct Watch {
    var fd: Int32
    var interest: Interest
    var deadline: UInt64
    var watcher: any LoopSocketWatcher
  }

  /// Tokens of watched sockets start here; the loop's own are below (connection ids, the wake
  /// pipe) or `UInt64.max` (the listener).
  static let firstToken: UInt64 = 1 << 62
  private let poller: EventPoller
  private var watches: [UInt64: Watch] = [:]
  private var nextToken = firstToken
  /// No watch has a deadline before this.
  private(set) var nearestDeadline: UInt64 = .max
  /// What transports keep on this loop, by the transport's identity.
  package var attachments: [ObjectIdentifier: any LoopAttachment] = [:]

  init(poller: EventPoller) {
    self.poller = poller
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The loop whose thread is calling, if any.
  package static var current: LoopSockets? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<LoopSockets>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Makes these the calling thread's sockets (`nil`: none), for the loop's run.
  func bindToThread(_ bound: Bool) {
    _ = pthread_setspecific(Self.key, bound ? Unmanaged.passUnretained(self).toOpaque() : nil)
  }

  /// Watches `fd` for `interest` until `deadline` (`Socket.now()` nanoseconds); the watcher is
  /// kept until `unwatch`. Returns the watch's token.
  package func watch(
    _ fd: Int32, for interest: Interest, deadline: UInt64, _ watcher: any LoopSocketWatcher
  ) -> UInt64 {
    let token = nextToken
    nextToken += 1
    watches[token] = Watch(fd: fd, interest: interest, deadline: deadline, watcher: watcher)
    poller.change(fd, token: token, from: [], to: interest)
    nearestDeadline = min(nearestDeadline, deadline)
    return token
  }

  /// Changes what a watch waits for.
  package func change(_ token: UInt64, to interest: Interest) {
    guard var watch = watches[token], watch.interest != interest else { return }
    if interest.isEmpty {
      // Kept registered for nothing would not stop epoll's hang-up reports: removed instead.
      poller.change(watch.fd, token: token, from: watch.interest, to: [])
    } else if watch.interest.isEmpty {
      poller.change(watch.fd, token: token, from: [], to: interest)
    } else {
      poller.change(watch.fd, token: token, from: watch.interest, to: interest)
    }
    watch.interest = interest
    watches[token] = watch
  }

  /// Stops watching (before the socket is closed or kept for another exchange).
  package func unwatch(_ token: UInt64) {
    guard let watch = watches.removeValue(forKey: token) else { return }
    poller.change(watch.fd, token: token, from: watch.interest, to: [])
  }

  /// Passes a ready event on; `false` when the token is not a watch's.
  func dispatch(_ event: ReadyEvent) -> Bool {
    guard event.token >= Self.firstToken, event.token != .max else { return false }
    watches[event.token]?.watcher.socketEvent(
      .ready(readable: event.readable, writable: event.writable))
    return true
  }

  /// Tells the watchers whose deadline passed; they unwatch.
  func expire(now: UInt64) {
    guard now >= nearestDeadline else { return }
    nearestDeadline = .max
    for (token, watch) in watches {
      if watch.deadline <= now {
        watch.watcher.socketEvent(.expired)
        if watches[token] != nil { unwatch(token) }
      } else {
        nearestDeadline = min(nearestDeadline, watch.deadline)
      }
    }
  }

  /// The loop ends: every watcher and attachment is told, and dropped.
  func end() {
    let left = watches
    for (token, _) in left { unwatch(token) }
    for (_, watch) in left { watch.watcher.socketEvent(.loopEnded) }
    let kept = attachments
    attachments = [:]
    for (_, attachment) in kept { attachment.loopEnded() }
  }
}
