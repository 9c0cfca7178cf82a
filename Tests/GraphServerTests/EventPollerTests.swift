import Testing

@testable import GraphServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The I/O loop's interest set: what is registered is reported under its token when ready,
/// a change of interest takes effect at the next wait, and a removed descriptor is not
/// reported again.
@Suite struct EventPollerTests {
  /// A connected pair of non-blocking stream sockets.
  static func socketPair() -> (Int32, Int32) {
    var fds: [Int32] = [0, 0]
    #if canImport(Glibc)
      let type = Int32(SOCK_STREAM.rawValue)
    #else
      let type = SOCK_STREAM
    #endif
    #expect(socketpair(AF_UNIX, type, 0, &fds) == 0)
    for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    return (fds[0], fds[1])
  }

  /// Runs `body` with a fresh poller and a socket pair (ours, theirs), closed afterwards
  /// (`theirs` unless `body` closed it and said so by returning `true`).
  static func withPoller(_ body: (EventPoller, Int32, Int32) throws -> Bool) throws {
    let (ours, theirs) = socketPair()
    let poller = try #require(EventPoller())
    let closedTheirs = try body(poller, ours, theirs)
    close(ours)
    if !closedTheirs { close(theirs) }
  }

  @Test func reportsWhatIsRegisteredUnderItsToken() throws {
    try Self.withPoller { poller, ours, theirs in
      poller.change(ours, token: 41, from: [], to: .read)
      poller.wait(timeout: 0)
      #expect(poller.ready.isEmpty)

      var byte: UInt8 = 7
      #expect(write(theirs, &byte, 1) == 1)
      poller.wait(timeout: 1000)
      #expect(poller.ready.map(\.token) == [41])
      #expect(poller.ready.first?.readable == true)
      #expect(poller.ready.first?.writable == false)

      // Level-triggered: still readable until it is read.
      poller.wait(timeout: 0)
      #expect(poller.ready.map(\.token) == [41])
      #expect(read(ours, &byte, 1) == 1)
      poller.wait(timeout: 0)
      #expect(poller.ready.isEmpty)
      return false
    }
  }

  @Test func aChangeOfInterestTakesEffectAndRemovalIsFinal() throws {
    try Self.withPoller { poller, ours, theirs in
      poller.change(ours, token: 5, from: [], to: .read)
      poller.wait(timeout: 0)
      #expect(poller.ready.isEmpty)

      // An empty send buffer: writable as soon as write interest is asked for.
      poller.change(ours, token: 5, from: .read, to: [.read, .write])
      poller.wait(timeout: 1000)
      #expect(poller.ready.map(\.token) == [5])
      #expect(poller.ready.first?.writable == true)
      #expect(poller.ready.first?.readable == false)

      poller.change(ours, token: 5, from: [.read, .write], to: [])
      var byte: UInt8 = 1
      #expect(write(theirs, &byte, 1) == 1)
      poller.wait(timeout: 50)
      #expect(poller.ready.isEmpty)

      // Registered again under a new token (as a new connection on a reused descriptor is).
      poller.change(ours, token: 6, from: [], to: .read)
      poller.wait(timeout: 1000)
      #expect(poller.ready.map(\.token) == [6])
      return false
    }
  }

  @Test func aPeerThatHangsUpIsReportedReadable() throws {
    try Self.withPoller { poller, ours, theirs in
      poller.change(ours, token: 9, from: [], to: .read)
      close(theirs)
      poller.wait(timeout: 1000)
      #expect(poller.ready.map(\.token) == [9])
      #expect(poller.ready.first?.readable == true)
      var byte: UInt8 = 0
      #expect(read(ours, &byte, 1) == 0)
      return true
    }
  }
}
