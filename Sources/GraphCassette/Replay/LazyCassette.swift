import GraphJSON

/// A native cassette file read as it is replayed (issue 32): the file is mapped, its top
/// members before `interactions` are checked at once, and each interaction is found
/// (`NativeLayoutScanner`) and decoded (`NativeCodec.decodeInteraction`, as `Cassette.load`
/// decodes it) only when matching reaches it. The first answer of a 50,000-interaction
/// cassette costs one interaction, not the file.
///
/// Whatever the scan or the decoding refuses, the file is read whole as `Cassette.load` reads
/// it, and its verdict stands: its error is thrown (the same one, line and column), or, when
/// it reads the file (a torn last append, a member after `interactions`), its interactions
/// from there on are handed out. So the interactions handed out and the errors thrown are
/// `Cassette.load`'s; only when an error comes differs (at the request that reaches it).
///
/// Not locked: its owner (`PlaybackQueue`, under its player's lock) serialises its use.
final class LazyCassette: @unchecked Sendable {
  let path: String
  /// The cassette's other members (format version, `recorded_with`), without interactions.
  let shell: Cassette
  /// The mapping, until the last interaction is read or reading fails.
  private var file: MappedFile?
  private var scanner: NativeLayoutScanner
  /// Parses each interaction's text, its string cache kept from one to the next.
  private var parser: JSONPartParser?
  /// Tells the mapping how far the scan has come, to give back the pages before (it holds
  /// the mapping too).
  private var passed: ((Int) -> Void)?
  /// Shared by all interactions' `{"gzip": ...}` bodies, in order, as in `Cassette.load`.
  private let budget = InflateBudget()
  /// How many interactions were handed out.
  private var count = 0
  /// What the whole-file reading gave after the lazy one stopped: the interactions still to
  /// hand out, from `count` on.
  private var rest: ArraySlice<Interaction>?
  /// As `Cassette.tornTailBytes`, known once the whole-file reading ran.
  private(set) var tornTailBytes: Int?
  /// The whole-file reading's error, thrown again by every later call.
  private var failure: CassetteError?

  /// The depth a single interaction may reach: two levels (the top object and the list) are
  /// taken by the file around it.
  private static let maxDepth = 512 - 2

  /// The cassette at `path` ready to be read lazily, or nil when it is not a regular file
  /// whose text starts as a native cassette's (a pipe, another format, a head that is not
  /// JSON, a version this library does not read): `Cassette.loadAnyFormat` reads those whole.
  init?(path: String) {
    guard let file = MappedFile(path: path) else { return nil }
    var bytes = UnsafeBufferPointer(file.bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      bytes = UnsafeBufferPointer(rebasing: bytes[3...])
    }
    var scanner = NativeLayoutScanner(bytes)
    guard let members = try? scanner.headMembers() else { return nil }
    // The head's members as an object, with the interactions as an empty list: decoded as
    // the whole file's root is (the version checked, `recorded_with` read).
    var head: [UInt8] = [UInt8(ascii: "{")]
    for member in members {
      head.append(contentsOf: bytes[member])
      head.append(UInt8(ascii: ","))
    }
    head.append(contentsOf: "\"\(NativeCodec.interactionsKey)\":[]}".utf8)
    guard let value = try? JSONParser.parse(head),
      let shell = try? NativeCodec.decode(value, path: path)
    else { return nil }
    self.path = path
    self.shell = shell
    self.file = file
    self.scanner = scanner
    self.passed = file.discarding()
    parser = JSONPartParser(bytes, maxDepth: Self.maxDepth)
  }

  deinit { parser?.deallocate() }

  /// The next interaction, or nil after the last.
  ///
  /// - Parameter decoded: those handed out so far, in order (compared with the whole-file
  ///   reading's when that has to run).
  /// - Throws: `Cassette.load`'s error for the file; the same error again on each later call.
  /// - Complexity: O(n) in the interaction's length; O(n) in the file's when reading fails.
  func next(after decoded: [Interaction]) throws(CassetteError) -> Interaction? {
    if let failure { throw failure }
    if let rest {
      guard let first = rest.first else { return nil }
      self.rest = rest.dropFirst()
      count += 1
      return first
    }
    guard let file else { return nil }
    do {
      guard let range = try scanner.next() else {
        try file.checkIntact()
        close()
        return nil
      }
      guard let value = try parser?.parse(range) else { throw NativeLayoutScanner.Malformed() }
      let reader = FieldReader(path: path, interaction: count, inflateBudget: budget)
      let interaction = try NativeCodec.decodeInteraction(value, reader: reader)
      passed?(range.upperBound)
      count += 1
      return interaction
    } catch {
      close()
      do {
        try readWhole(file, after: decoded)
      } catch {
        failure = error
        throw error
      }
      return try next(after: decoded)
    }
  }

  /// Lets go of the mapping.
  private func close() {
    parser?.deallocate()
    parser = nil
    file = nil
    passed = nil
  }

  /// Reads the file whole after the lazy reading stopped, and takes its verdict.
  private func readWhole(_ file: MappedFile, after decoded: [Interaction]) throws(CassetteError) {
    let whole = try Cassette.load(mapped: file, path: path)
    guard whole.recordedWith == shell.recordedWith, whole.interactions.count >= count,
      whole.interactions.prefix(count).elementsEqual(decoded.prefix(count))
    else {
      throw .invalidField(
        path: path, interaction: nil, field: NativeCodec.interactionsKey,
        problem: "read whole, the file holds other interactions than were replayed from it "
          + "(a member after \"interactions\" repeats one before it)")
    }
    rest = whole.interactions[count...]
    tornTailBytes = whole.tornTailBytes
  }
}
