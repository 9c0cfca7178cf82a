import Foundation
import GraphTestSupport
import Testing

@testable import GraphCassette

/// What is not a regular file has no size to check first (issue 44: a symbolic link to
/// `/dev/zero` or `/dev/urandom`, or a pipe, was read to 1-4 GB before an error): reading stops
/// at a limit, with an error naming it.
@Suite struct EndlessInputTests {
  @Test(arguments: ["/dev/zero", "/dev/urandom"])
  func aLinkToAnEndlessDeviceStopsAtTheLimit(device: String) throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let link = scratch.file("cassette.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: device)
    #expect {
      try FileIO.read(path: link, limit: 1 << 20)
    } throws: { error in
      "\(error)"
        == "\(link): cannot read: not a regular file, and more than 1048576 bytes came from it "
        + "(the limit on reading a pipe or a device)"
    }
  }

  @Test func aPipeIsReadToItsEndWithinTheLimit() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let fifo = scratch.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", "head -c 3000000 /dev/zero > \(fifo)"]
    try writer.run()
    defer { writer.waitUntilExit() }
    #expect(throws: CassetteError.self) { try FileIO.read(path: fifo, limit: 1 << 20) }
    let second = Process()
    second.executableURL = URL(fileURLWithPath: "/bin/sh")
    second.arguments = ["-c", "printf '{}' > \(fifo)"]
    try second.run()
    defer { second.waitUntilExit() }
    #expect(try FileIO.read(path: fifo, limit: 1 << 20) == Array("{}".utf8))
  }
}
