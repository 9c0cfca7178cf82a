import Foundation
import GraphAPI
import Testing

@testable import GraphCassette

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `kill -9` in the middle of a recording leaves a cassette that loads with every completed
/// interaction. A forked child records as fast as it can, telling the parent (one byte on a
/// pipe) each time an interaction's write has returned; the parent kills it at a varying point
/// and loads the file.
@Suite(.serialized) struct CrashTests {
  static func interaction(_ n: Int) -> Interaction {
    Interaction(
      request: get(
        "https://graph.facebook.com/v2.0/me?fields=id&n=\(n)&access_token=SECRETTOKEN\(n)"),
      response: HTTPResponse(
        status: n % 3 == 0 ? 400 : 200, headers: ["Content-Type": "application/json"],
        body: Array(#"{"id":"\#(n)","padding":"\#(String(repeating: "x", count: 500))"}"#.utf8)),
      recordedAt: "2026-11-30T00:00:00.000Z")
  }

  /// A recorder of `file`, warmed up in the parent so a forked child needs no first-time
  /// runtime work.
  static func warmRecorder(_ file: String) throws -> CassetteRecorder {
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .once)
    var warmUp = Redactor()
    _ = warmUp.redact(interaction(0))
    _ = Cassette(interactions: [interaction(0)]).encoded()
    return recorder
  }

  @Test(arguments: [3, 40, 120])
  func killDashNineLeavesALoadableCassetteWithEveryCompletedInteraction(killAfter: Int) throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("crash.json")
    let recorder = try Self.warmRecorder(file)

    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let pid = fork()
    if pid == 0 {
      // Hold on to nothing that belongs to tests running beside this one (their pipes and
      // terminals would not see end-of-file while this child lives).
      for fd in Int32(3)..<Int32(1024) where fd != fds[1] { close(fd) }
      var one: UInt8 = 1
      for n in 1...100_000 {
        do { try recorder.record(Self.interaction(n)) } catch { _exit(3) }
        _ = write(fds[1], &one, 1)
      }
      _exit(0)
    }
    close(fds[1])
    var acknowledged = 0
    var byte: UInt8 = 0
    while acknowledged < killAfter, read(fds[0], &byte, 1) == 1 { acknowledged += 1 }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(fds[0])
    #expect(acknowledged == killAfter)

    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count >= acknowledged)
    for (i, interaction) in cassette.interactions.enumerated() {
      #expect(interaction.request.url.contains("&n=\(i + 1)&"))
    }
    let text = String(decoding: try FileIO.read(path: file), as: UTF8.self)
    #expect(!text.contains("SECRETTOKEN"))
  }

  /// A forked child that records starts no thread (POSIX allows a forked child of a
  /// multi-threaded process only async-signal-safe calls, and ThreadSanitizer refuses it): it
  /// syncs each append itself. The child reports how many threads it has once it recorded.
  @Test func aForkedChildRecordsWithoutStartingAThread() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("forked.json")
    let recorder = try Self.warmRecorder(file)
    let pid = fork()
    if pid == 0 {
      for fd in Int32(3)..<Int32(1024) { close(fd) }
      for n in 1...3 {
        do { try recorder.record(Self.interaction(n)) } catch { _exit(100) }
      }
      // "Threads:\t<n>" in /proc/self/status, read with async-signal-safe calls only.
      let status = open("/proc/self/status", O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { read(status, $0.baseAddress, 4096) }
      guard count > 0 else { _exit(101) }
      let text = buffer[0..<count]
      let key = Array("Threads:\t".utf8)
      guard let at = text.indices.first(where: { text[$0...].starts(with: key) }) else {
        _exit(102)
      }
      var threads = 0
      var i = at + key.count
      while i < count, (48...57).contains(buffer[i]) {
        threads = threads * 10 + Int(buffer[i] - 48)
        i += 1
      }
      _exit(Int32(min(threads, 99)))
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let exitCode = (status >> 8) & 0xff
    #expect(status & 0x7f == 0, "the child was killed by signal \(status & 0x7f)")
    #expect(exitCode == 1, "the recording child had \(exitCode) thread(s)")
    #expect(try Cassette.load(path: file).interactions.count == 3)
  }
}
