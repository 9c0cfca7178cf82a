import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphLive

/// `graph-explorer verify FILE...`: drift detection. Re-sends every request of each cassette,
/// in order, to a target (a fresh emulator by default) and compares the answers with the
/// recorded ones. Exit 0 when nothing drifted, 1 on drift, 2 on bad input.
enum VerifyCommand {
  static let subcommand = Subcommand(
    name: "verify", summary: "re-send a cassette's requests and report drift", run: run)

  static let usage = """
    usage: graph-explorer verify CASSETTE... [--target emulator|live|URL|CASSETTE] [--ignore PATTERN]...
                                 [--no-default-ignores] [--secret NAME=VALUE]...

    Re-sends every request of each CASSETTE, in order, to the target and compares each answer
    with the recorded one: the status, error.code and error.error_subcode, the Content-Type,
    the JSON body structurally, and the interaction's expect assertions.

      --target emulator     a fresh Graph API emulator per cassette (the default)
      --target live         https://graph.facebook.com (give real tokens with --secret)
      --target URL          another server speaking Graph, e.g. a `graph-explorer serve`
                            (http://127.0.0.1:8080): each request's path and query go there
      --target FILE         another cassette, replayed (compare two recordings)
      --ignore PATTERN      also ignore these JSON paths (`**.id`, `data[*].updated_time`);
                            repeatable, or comma-separated
      --no-default-ignores  compare volatile values too: fbtrace_id, created_time,
                            updated_time, paging cursors, ids minted by POST
      --secret NAME=VALUE   send VALUE where the cassette has the placeholder <NAME>
                            (`--secret ACCESS_TOKEN_1=CAAEmuAlice`)

    Exit status: 0 no drift, 1 drift, 2 bad usage or an unreadable cassette.

    """

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let parsed: CassetteArguments
    do {
      parsed = try CassetteArguments.parse(
        arguments, valued: ["--target", "--ignore", "--secret"],
        flagNames: ["--no-default-ignores", "--help", "-h"])
    } catch {
      return fail(error.description, console)
    }
    if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
      console.write(usage)
      return .success
    }
    guard !parsed.operands.isEmpty else { return fail("expected a cassette to verify", console) }
    var ignore: [JSONPathPattern] = []
    for list in parsed.options["--ignore"] ?? [] {
      for text in list.split(separator: ",") {
        do {
          ignore.append(try JSONPathPattern(parsing: String(text)))
        } catch {
          return fail("--ignore: \(error)", console)
        }
      }
    }
    var substitutions: [String: String] = [:]
    for pair in parsed.options["--secret"] ?? [] {
      guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
        return fail("--secret expects NAME=VALUE, got '\(pair)'", console)
      }
      var name = String(pair[..<eq])
      if !name.hasPrefix("<") { name = "<\(name)>" }
      substitutions[name] = String(pair[pair.index(after: eq)...])
    }
    let targetName = parsed.value("--target") ?? "emulator"
    var drift = false
    for (n, file) in parsed.operands.enumerated() {
      let cassette: Cassette
      let target: any GraphTransport
      do {
        cassette = try Cassette.load(path: file)
        target = try makeTarget(targetName)
      } catch {
        console.errorLine("graph-explorer verify: \(error)")
        return .usage
      }
      let verifier = CassetteVerifier(
        target: target, ignore: ignore,
        useDefaultIgnores: !parsed.flags.contains("--no-default-ignores"),
        substitutions: substitutions)
      let report = await verifier.verify(cassette)
      if n > 0 { console.line() }
      console.line("\(file) against \(targetName == "emulator" ? "the emulator" : targetName):")
      console.line(report.text)
      drift = drift || report.hasDrift
    }
    return drift ? .failure : .success
  }

  /// A fresh transport for one cassette: each is verified against a world in its initial state.
  static func makeTarget(_ name: String) throws(CassetteError) -> any GraphTransport {
    if name == "emulator" { return GraphEmulator() }
    let upstream = name == "live" ? "https://graph.facebook.com" : name
    if upstream.hasPrefix("http://") || upstream.hasPrefix("https://") {
      guard let transport = UpstreamTransport(upstream: upstream, inner: URLSessionTransport())
      else {
        throw .unknownFormat(path: name, reason: "not an http(s) URL without a query")
      }
      return transport
    }
    return try CassettePlayer(file: name)
  }

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    console.errorLine("graph-explorer verify: \(message)")
    console.errorLine("try 'graph-explorer verify --help'")
    return .usage
  }
}
