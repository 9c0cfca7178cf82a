import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphCassette

/// One recorder per cassette (issue 31): a second recorder of the same file is refused at once
/// with a one-line message, in every record mode that writes; replay-only recorders and
/// recorders of other files are not held up.
@Suite struct RecordingLockTests {
  struct Echo: GraphTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      HTTPResponse(status: 200, headers: [:], body: Array("{}".utf8))
    }
  }

  @Test(arguments: [RecordMode.once, .newEpisodes, .all])
  func aSecondRecorderOfTheSameFileIsRefused(mode: RecordMode) throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("c.json")
    let first = try CassetteRecorder(wrapping: Echo(), file: file, mode: mode)
    #expect(first.isRecording)
    do {
      _ = try CassetteRecorder(wrapping: Echo(), file: file, mode: mode)
      Issue.record("a second recorder of \(file) started")
    } catch {
      let text = "\(error)"
      #expect(
        text
          == "\(file): cannot record to: another recorder (process \(getpid())) is recording into it"
      )
      #expect(!text.contains("\n"))
    }
    // Another file is not held up; and once the first is gone, the file can be recorded again.
    _ = try CassetteRecorder(wrapping: Echo(), file: scratch.file("other.json"), mode: mode)
    _ = consume first
    _ = try CassetteRecorder(wrapping: Echo(), file: file, mode: mode)
  }

  @Test func aReplayingRecorderHoldsNoLock() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("c.json")
    let recorder = try CassetteRecorder(wrapping: Echo(), file: file, mode: .all)
    _ = try await recorder.send(HTTPRequest(url: "https://graph.facebook.com/me"))
    _ = consume recorder
    let replaying = try CassetteRecorder(wrapping: Echo(), file: file, mode: .once)
    #expect(!replaying.isRecording)
    let none = try CassetteRecorder(wrapping: Echo(), file: file, mode: .none)
    _ = try CassetteRecorder(wrapping: Echo(), file: file, mode: .all)
    _ = (replaying, none)
  }
}

/// A recorder checks it can write before the request goes anywhere (issue 31: `serve
/// --record` carried out a POST upstream, then answered 502 when the exchange could not be
/// written).
@Suite struct RecordBeforeForwardingTests {
  final class Counting: GraphTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var sent: Int { lock.withLock { count } }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      lock.withLock { count += 1 }
      return HTTPResponse(status: 200, headers: [:], body: Array("{}".utf8))
    }
  }

  /// A recorder in a folder of `scratch` that recorded one GET, the folder then removed.
  static func folderRemovedAfterOneRead(in scratch: ScratchDirectory) async throws
    -> (Counting, CassetteRecorder)
  {
    let folder = scratch.file("gone")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let upstream = Counting()
    let recorder = try CassetteRecorder(wrapping: upstream, file: folder + "/c.json", mode: .all)
    _ = try await recorder.send(HTTPRequest(url: "https://graph.facebook.com/me"))
    #expect(upstream.sent == 1)
    try FileManager.default.removeItem(atPath: folder)
    return (upstream, recorder)
  }

  @Test func nothingIsSentWhenTheExchangeCannotBeWritten() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let (upstream, recorder) = try await Self.folderRemovedAfterOneRead(in: scratch)
    let post = HTTPRequest(method: "POST", url: "https://graph.facebook.com/me/feed?message=hi")
    await #expect(throws: CassetteError.self) { try await recorder.send(post) }
    #expect(upstream.sent == 1, "the POST never left")
  }

  /// A read is not checked before it is sent (an `access` per request, issue 48): it changes
  /// nothing upstream, and its exchange still fails when it cannot be written. The file is
  /// looked at once a window, not per append (issue 48): a read before the check is due is
  /// written to the removed file (docs/cassette-format.md, "Durability"); the first after it
  /// fails.
  @Test func aReadIsSentAndFailsWhenItsExchangeCannotBeWritten() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let (upstream, recorder) = try await Self.folderRemovedAfterOneRead(in: scratch)
    let read = HTTPRequest(url: "https://graph.facebook.com/me?fields=name")
    recorder.checksFile(every: .seconds(3600))
    _ = try await recorder.send(read)
    #expect(recorder.recordedCount == 2)
    recorder.checksFile(every: .zero)
    await #expect(throws: CassetteError.self) { try await recorder.send(read) }
    #expect(upstream.sent == 3)
    #expect(recorder.recordedCount == 2)
  }
}
