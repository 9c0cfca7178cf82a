import GraphCassette
import GraphEmulator
import GraphJSON

/// `graph-explorer world --from CASSETTE -o WORLD.json`: an emulator world made from a
/// recording (`RecordedWorld`), for `serve --world`, `verify --world` and the REPL's `--world`.
enum WorldCommand {
  static let subcommand = Subcommand(
    name: "world", summary: "make an emulator world from a recording", run: run)

  static let usage = """
    usage: graph-explorer world --from CASSETTE -o WORLD.json [--base WORLD] [--force]

    Reads CASSETTE (a cassette, or any file import reads) and writes an emulator world holding
    what its Graph answers of 200 to GET show: people, pages, posts, photos, albums, events and
    comments with their recorded ids and fields, the edges they were listed on in the recorded
    order (friendships both ways), and the permissions me/permissions showed. It is made over
    the default world (its app, clock and test tokens), or over --base WORLD (a world file or
    generated:people=N,friends=K). When the recording used a token of its own, `me` becomes the
    world's default user, with the token CAAEmuRecordedMe. An existing WORLD.json is only
    replaced with --force.

    Then: graph-explorer serve --world WORLD.json, graph-explorer verify --world WORLD.json
    CASSETTE, or graph-explorer --world WORLD.json for the REPL.

    """

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let outcome = CassetteArguments.parse(
      arguments, valued: ["--from", "-o", "--output", "--base"],
      flagNames: ["--force", "--help", "-h"], command: "world", usage: usage,
      console: console)
    guard case .run(let parsed) = outcome else { return outcome.status }
    guard parsed.operands.isEmpty else {
      return fail("unexpected '\(parsed.operands[0])' (the recording goes after --from)", console)
    }
    guard let input = parsed.value("--from") else {
      return fail("--from CASSETTE is required", console)
    }
    guard let output = parsed.value("-o") ?? parsed.value("--output") else {
      return fail("-o WORLD.json is required", console)
    }
    do {
      let cassette = try Cassette.loadAnyFormat(path: input, publicValues: World.publicTestTokens)
      let base = try parsed.value("--base").map(World.load(argument:)) ?? .default
      var builder = RecordedWorld(base: base)
      for interaction in cassette.interactions { builder.learn(interaction) }
      let world = try builder.world()
      try CassetteFiles.write(
        JSONPrinter(options: [.pretty]).bytes(world.jsonValue) + [0x0A], to: output,
        force: parsed.flags.contains("--force"), console: console)
      let added = builder.added.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
      console.line(
        "\(output): \(builder.read) answer(s) of \(input) read; "
          + (added.isEmpty ? "nothing added" : "added " + added.joined(separator: ", "))
          + " over \(parsed.value("--base") ?? "the default world"); default user "
          + "\(world.defaultUserID), token \(world.defaultToken)")
      return .success
    } catch {
      console.errorLine(ErrorPresenter.subcommand("world", "\(error)"))
      return .failure
    }
  }

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    CassetteArguments.usageFailure(message, command: "world", console: console)
  }
}
