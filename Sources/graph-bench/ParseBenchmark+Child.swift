import Foundation
import GraphJSON

extension ParseBenchmark {
  /// The fields every child writes to OUT, in order, on one line.
  static let fieldCount = 11

  /// One child's report: its phases and the whole process's figures.
  struct Sample {
    var run: ChildRun
    var read: (wall: Double, cpu: Double)
    var parse: (wall: Double, cpu: Double)
    var free: (wall: Double, cpu: Double)
    /// Bytes the tree added to the resident set.
    var tree: Int
    /// The parse's CPU time split into user and system time (`getrusage(RUSAGE_THREAD)`).
    var user: Double
    var system: Double
    /// Minor page faults during the parse (the parsing thread's `ru_minflt`).
    var faults: Int
    /// Transparent huge pages mapped after the parse (`AnonHugePages` of smaps_rollup), bytes.
    var hugePages: Int

    init?(run: ChildRun, phases: String) {
      guard let text = try? String(contentsOfFile: phases, encoding: .utf8) else { return nil }
      let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
      guard fields.count == ParseBenchmark.fieldCount else { return nil }
      self.run = run
      read = (fields[0], fields[1])
      parse = (fields[2], fields[3])
      free = (fields[4], fields[5])
      tree = Int(fields[6])
      user = fields[7]
      system = fields[8]
      faults = Int(fields[9])
      hugePages = Int(fields[10]) * 1024
    }
  }

  /// `graph-bench parse-child FILE OUT [--value]`: reads FILE (memory-mapped), parses it into
  /// a `JSONDocument` (with `--value`, a `JSONValue`), frees it, and writes the phases to OUT
  /// as the Python peers do.
  static func child(_ arguments: [String]) async -> Int32 {
    guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--value") else {
      fail("usage: graph-bench parse-child FILE OUT [--value]")
      return 2
    }
    var start = (ContinuousClock.now, threadCPUSeconds())
    func phase() -> (Double, Double) {
      defer { start = (ContinuousClock.now, threadCPUSeconds()) }
      return (seconds(since: start.0), threadCPUSeconds() - start.1)
    }
    guard let file = MappedInput(path: arguments[0]) else {
      fail("graph-bench parse-child: cannot read \(arguments[0])")
      return 1
    }
    defer { file.close() }
    let read = phase()
    let before = residentBytes()
    let usageBefore = ThreadUsage.now()
    start = (ContinuousClock.now, threadCPUSeconds())
    var value: JSONValue = .null
    var document: JSONDocument?
    do {
      if arguments.count == 3 {
        value = try JSONParser().parse(file.bytes)
      } else {
        document = try JSONDocument(parsing: file.bytes)
      }
    } catch {
      fail("\(arguments[0]): \(error)")
      return 1
    }
    let parse = phase()
    let usage = ThreadUsage.now() - usageBefore
    let tree = residentBytes() - before
    let huge = anonHugePagesKB()
    // Keep the tree alive until here, then free it in one assignment (timed from here: reading
    // smaps_rollup walks the page tables).
    withExtendedLifetime(value) {}
    withExtendedLifetime(document) {}
    start = (ContinuousClock.now, threadCPUSeconds())
    value = .null
    document = nil
    let free = phase()
    withExtendedLifetime(value) {}
    withExtendedLifetime(document) {}
    let line = String(
      format: "%f %f %f %f %f %f %d %f %f %d %d\n", read.0, read.1, parse.0, parse.1, free.0,
      free.1, tree, usage.user, usage.system, usage.faults, huge)
    guard FileManager.default.createFile(atPath: arguments[1], contents: Data(line.utf8)) else {
      fail("graph-bench parse-child: cannot write \(arguments[1])")
      return 1
    }
    return 0
  }

  /// This thread's user and system CPU time and minor page faults so far.
  struct ThreadUsage {
    var user: Double
    var system: Double
    var faults: Int

    /// The figures now.
    static func now() -> ThreadUsage {
      var usage = rusage()
      getrusage(Self.thread, &usage)
      func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
      }
      return ThreadUsage(
        user: seconds(usage.ru_utime), system: seconds(usage.ru_stime),
        faults: usage.ru_minflt)
    }

    /// `RUSAGE_THREAD`, which Glibc's Swift module leaves out (it is a GNU extension).
    static let thread: __rusage_who_t = 1

    static func - (after: ThreadUsage, before: ThreadUsage) -> ThreadUsage {
      ThreadUsage(
        user: after.user - before.user, system: after.system - before.system,
        faults: after.faults - before.faults)
    }
  }

  /// This thread's CPU time in seconds.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The resident set size now, from /proc/self/statm.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(getpagesize()) : 0
  }

  /// The process's anonymous memory in transparent huge pages, in KiB (0 where unknown).
  static func anonHugePagesKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8)
    else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("AnonHugePages:") {
      return Int(line.split(separator: " ")[1]) ?? 0
    }
    return 0
  }
}

/// A file mapped into memory in one `mmap` (read-only, pages populated up front).
struct MappedInput {
  let bytes: UnsafeBufferPointer<UInt8>
  private let length: Int

  init?(path: String) {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { Glibc.close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
    length = Int(info.st_size)
    guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0),
      address != MAP_FAILED
    else { return nil }
    bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
  }

  func close() { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), length) }
}
