import GraphAPI

/// `graph-explorer [options]`: reads the options, builds the session on its transport and
/// runs the REPL interactively on a terminal, or as a script otherwise.
enum REPLLauncher {
  /// Runs the REPL with `arguments`; `makeBackend` builds the transport once the options are
  /// known.
  /// - Parameter script: lines to run instead of reading standard input (`run <file>`).
  static func run(
    _ arguments: [String], console: any Console, script: [String]? = nil,
    makeBackend: (REPLOptions) throws(ExplorerError) -> Backend
  ) async -> ExitStatus {
    let options: REPLOptions
    let backend: Backend
    do {
      options = try REPLOptions.parse(arguments)
      if options.help {
        console.write(GraphExplorer.usage.text)
        return .success
      }
      if let generate = options.generate {
        console.write(generate.text)
        return .success
      }
      if options.version {
        console.line("graph-explorer \(GraphExplorer.version)")
        return .success
      }
      backend = try makeBackend(options)
    } catch {
      console.errorLine(ErrorPresenter.subcommand(nil, "\(error)"))
      return .usage
    }
    let interactive = script == nil && options.commands.isEmpty && console.isInputTerminal
    let noColor = !(console.environment["NO_COLOR"] ?? "").isEmpty
    let color = options.color && !noColor && interactive && console.isOutputTerminal
    let token = console.environment["FB_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    let session = backend.session(token: token)
    let repl = REPL(
      session: session, console: console, renderer: Renderer(color: color, raw: options.raw),
      interactive: interactive)
    repl.checkStatus = options.checkStatus
    if interactive, let path = Preferences.path(environment: console.environment) {
      do {
        repl.apply(try Preferences.load(from: path))
        repl.preferencesPath = path
      } catch {
        console.errorLine(ErrorPresenter.subcommand(nil, "preferences ignored: \(error)"))
      }
    }
    let reader: any LineReader
    if let script {
      reader = ArrayReader(lines: options.commands + script)
    } else if !options.commands.isEmpty {
      reader = ArrayReader(lines: options.commands)
    } else if interactive,
      let editor = LineEditor(
        programName: "graph-explorer",
        historyFile: HistoryFile.standard(environment: console.environment), console: console)
    {
      editor.secrets = { [session.token].compactMap { $0 } + session.variables.secrets }
      editor.completer = { [repl] before in repl.completion(for: before) }
      console.line(
        "graph-explorer \(GraphExplorer.version) on the \(backend.target.name) · help lists the commands"
      )
      reader = editor
    } else {
      reader = ScriptReader(console: console)
    }
    let status = await repl.run(reader: reader)
    // A clean exit leaves no `.NAME.lock` beside the cassette (issue 45).
    session.recorder?.releaseLock()
    return status
  }
}
