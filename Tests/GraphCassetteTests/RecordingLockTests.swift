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
