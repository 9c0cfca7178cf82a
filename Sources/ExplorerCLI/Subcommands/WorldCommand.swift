import GraphCassette
import GraphEmulator
import GraphJSON

/// `graph-explorer world --from CASSETTE -o WORLD.json`: an emulator world made from a
/// recording (`RecordedWorld`), for `serve --world`, `verify --world` and the REPL's `--world`.
enum WorldCommand {
  static let subcommand = Subcommand(
    summary: "make an emulator world from a recording", usage: usage, run: run)

  static let usage = CommandUsage(
    "world", operands: "", options: Options.table.specs,
    about: """
      Reads CASSETTE (a cassette, or any file import reads) and writes an emulator world holding
      what its Graph answers of 200 to GET show: people, pages, posts, photos, albums, events and
      comments with their recorded ids and fields, the edges they were listed on in the recorded
      order (friendships both ways), and the permissions me/permissions showed. It is made over
      the default world (its app, clock and test tokens), or over --base WORLD (a world file or
      generated:people=N,friends=K). When the recording used a token of its own, `me` becomes the
      world's default user, with the token CAAEmuRecordedMe; the app its requests name
      (client_id, /APP-ID/accounts/test-users) becomes the world's app, with the test users its
      accounts listing shows (tokens as the recording's placeholders) and, made next, those the
      recording made (their recorded ids, emails and passwords); every other app it shows
      answering is one of the world's apps, answering its own exchange at its own version.
      Answers kept gzip,
      deflate or base64 are read; names objects were read by become aliases (a Page's, from
      v2.0; a name answered only with a token error, a Page of its own); an object read as
      /?id=URL is a URL object, answered without a token; an edge recorded whole (empty
      included) holds what was recorded, one read again keeps the order each answer shows;
      unversioned reads of v1.0 days make v1.0 the world's default version, later ones the
      version their answers name; paging Graph gave otherwise than the emulator's rules is
      kept (an edge paged by offset, its page size, summary.total_count shown unasked with the
      items it counted that no page listed, a version named in the links of unversioned reads,
      parameters Graph added to a feed's links, a page that went on past the last item any
      answer listed); the clock starts at the first answer's Date, edges are then read as of
      the clock (an item created after it is not listed yet), and the expiry the recording
      shows for its token (a 190/463 message, debug_token, a token
      exchange's expires) is kept; secrets are redacted as import redacts them.
      The world is the one the session started from: objects the recording's own writes made
      (posts, comments, photos, test users) are left out of it and off every edge, objects it
      deleted stay; each token is the person its answers show (GET me, debug_token), and when
      they show several people each token placeholder gets a world token of its own
      (CAAEmuRecorded2, ...), named after it, that verify --world sends. A placeholder whose
      answers show two people (one value written over two tokens) is split where the person
      changes: the second is its own token, named PLACEHOLDER from #N, sent from #N on.

      Then: graph-explorer serve --world WORLD.json, graph-explorer verify --world WORLD.json
      CASSETTE, or graph-explorer --world WORLD.json for the REPL.
      """)

  /// What `world`'s command line says.
  struct Options: ParsableOptions {
    var operands: [String] = []
    var from: String?
    var output: String?
    var base: String?
    var force = false
    var help = false

    static let table = OptionTable<Options>(
      [
        .value(
          ["--from"], "CASSETTE", completes: .file, required: true,
          "the recording (required; any format import reads)"
        ) {
          $0.from = $1
        },
        .value(
          ["-o", "--output"], "WORLD.json", completes: .file, required: true,
          "the world file to write (required)"
        ) {
          $0.output = $1
        },
        .value(
          ["--base"], "WORLD", completes: .file,
          "the world to build over: a world file or generated:people=N,friends=K\n(default: the default world)"
        ) { $0.base = $1 },
        .flag(["--force"], "replace an existing WORLD.json") { $0.force = true },
      ], help: { $0.help = true })

    /// The options checked: no operands, and both the recording and the world file given.
    struct Validated {
      var from: String
      var output: String
      var base: String?
      var force: Bool
    }

    func validated() throws(OptionError) -> Validated {
      if let first = operands.first {
        throw .invalid("unexpected '\(first)' (the recording goes after --from)")
      }
      guard let from else { throw .invalid("--from CASSETTE is required") }
      guard let output else { throw .invalid("-o WORLD.json is required") }
      return Validated(from: from, output: output, base: base, force: force)
    }
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let line = Options.read(arguments, command: "world", usage: usage.text, console: console)
    guard case .run(let parsed) = line else { return line.status }
    let input = parsed.from
    let output = parsed.output
    do {
      let loaded = try Cassette.loadAnyFormat(path: input, publicValues: World.publicTestTokens)
      // A native cassette may hold raw tokens (`--no-redact`, or a page token in an answer):
      // the world file gets them redacted as `import` redacts them.
      var redactor = Redactor(publicValues: World.publicTestTokens)
      let cassette = redactor.redact(loaded)
      let base = try parsed.base.map(World.load(argument:)) ?? .default
      var builder = RecordedWorld(base: base)
      for interaction in cassette.interactions { builder.learn(interaction) }
      let world = try builder.world()
      try CassetteFiles.write(
        JSONPrinter(options: [.pretty]).bytes(world.jsonValue) + [0x0A], to: output,
        force: parsed.force, console: console)
      let added = builder.added.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
      console.line(
        "\(output): \(builder.read) answer(s) of \(input) read; "
          + (added.isEmpty ? "nothing added" : "added " + added.joined(separator: ", "))
          + " over \(parsed.base ?? "the default world"); default user "
          + "\(world.defaultUserID), token \(world.defaultToken)")
      for line in builder.people.splitLines { console.line("  " + line) }
      return .success
    } catch {
      console.errorLine(ErrorPresenter.subcommand("world", "\(error)"))
      return .failure
    }
  }
}
