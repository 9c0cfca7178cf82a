import ExplorerCLI
import Foundation
import GraphCassette
import GraphTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 12 §5: `--force`/`-o` onto something that is not a regular file writes through it
/// (a FIFO, a character device) or refuses it (a directory), and never renames over it. Every
/// writer goes through `FileIO.write`; these drive it as users do, through `import -o`.
@Suite(.serialized) struct SafeWriteTests {
  static let har = #"{"log":{"version":"1.2","entries":[]}}"#

  func importTo(_ output: String, in root: ScratchDirectory) async throws -> (
    ExplorerCLI.ExitStatus, CapturingConsole
  ) {
    let input = root.file("in.har")
    try Self.har.write(toFile: input, atomically: true, encoding: .utf8)
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["import", input, "-o", output, "--force"], console: console)
    return (status, console)
  }

  static func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  @Test func aFIFOIsWrittenThroughAndStaysAFIFO() async throws {
    let root = ScratchDirectory("safe-write-fifo")
    defer { root.remove() }
    let fifo = root.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = Task.detached { () -> [UInt8] in
      let fd = open(fifo, O_RDONLY)
      defer { close(fd) }
      var out: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        out += buffer[0..<n]
      }
      return out
    }
    let (status, console) = try await importTo(fifo, in: root)
    #expect(status == .success, "\(console.errors)")
    let text = String(decoding: await received.value, as: UTF8.self)
    #expect(text.contains("graph_explorer_cassette"))
    #expect(Self.fileType(fifo) == S_IFIFO)
    #expect(root.allFiles().allSatisfy { !$0.contains(".tmp-") })
  }

  @Test func aCharacterDeviceIsWrittenThroughAndStaysADevice() async throws {
    let root = ScratchDirectory("safe-write-device")
    defer { root.remove() }
    // A null device of our own in the scratch folder (as root); /dev/null itself otherwise.
    var device = root.file("null")
    var null = stat()
    stat("/dev/null", &null)
    if mknod(device, S_IFCHR | 0o666, null.st_rdev) != 0 { device = "/dev/null" }
    let (status, console) = try await importTo(device, in: root)
    #expect(status == .success, "\(console.errors)")
    #expect(Self.fileType(device) == S_IFCHR)
    #expect(Self.fileType("/dev/null") == S_IFCHR)
    #expect(root.allFiles().allSatisfy { !$0.contains(".tmp-") })
  }

  @Test func aDirectoryIsRefusedAndLeftAlone() async throws {
    let root = ScratchDirectory("safe-write-dir")
    defer { root.remove() }
    let folder = root.file("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "keep".write(toFile: folder + "/inside", atomically: true, encoding: .utf8)
    let (status, console) = try await importTo(folder, in: root)
    #expect(status == .usage)
    #expect(console.errors.contains("\(folder): cannot write: is a directory"))
    #expect(Self.fileType(folder) == S_IFDIR)
    #expect(try String(contentsOfFile: folder + "/inside", encoding: .utf8) == "keep")
  }

  @Test func aRegularFileIsReplacedAtomicallyKeepingItsModeAndLinksStay() throws {
    let root = ScratchDirectory("safe-write-regular")
    defer { root.remove() }
    let file = root.file("out.json")
    try "old".write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o600)
    let link = root.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    try FileIO.write(Array("new".utf8), to: link)
    #expect(Self.fileType(link) == S_IFLNK, "the link is not replaced by a file")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
    var info = stat()
    stat(file, &info)
    #expect(info.st_mode & 0o777 == 0o600)
    try FileIO.write(Array("+more".utf8), to: file, append: true)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "new+more")
  }
}
