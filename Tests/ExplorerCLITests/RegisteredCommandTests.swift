import Testing

@testable import ExplorerCLI

/// Issue 30: a REPL command is one `REPLCommand` type in one file, registered in one list;
/// `help`, the parser, completion and the docs check read it. `whoami` was added that way.
@Suite struct RegisteredCommandTests {
  @Test func registeredCommandsStandWhereTheyAreListed() {
    let names = CommandReference.entries.map(\.name)
    for (type, after) in CommandRegistry.commands {
      let at = names.firstIndex(of: type.reference.name)
      #expect(at != nil && at! > 0 && names[at! - 1] == after, "\(type.reference.name)")
      #expect(CommandManual.pages[type.reference.name] == type.manual)
    }
    #expect(Completer.commandWords.contains("whoami"))
    #expect(Set(names).count == names.count)
  }

  @Test func theParserMakesARegisteredCommand() throws {
    let parsed = try CommandParser.parse("whoami").command
    #expect(parsed == .registered(RegisteredCommand(command: WhoamiCommand())))
    #expect(parsed != .registered(RegisteredCommand(command: LogoutCommand())))
    #expect(throws: ExplorerError.self) { try CommandParser.parse("whoami now") }
  }

  @Test func whoamiSaysWhoseTheTokenIs() async {
    let run = await ScriptModeTests.run(
      "whoami\nlogin bob publish_actions\nwhoami\ntoken CAAEmuNope\nwhoami\ntoken clear\nwhoami\n",
      ["--no-color"])
    #expect(run.status == .success, "\(run.errors)")
    #expect(
      run.output.contains(
        "Alice Whitfield (100001000000001) · token CAAEmuAlice · public_profile, basic_info, email")
    )
    #expect(run.output.contains("Bob Okafor (100001000000002) · token CAAEmuBobZS"))
    #expect(run.output.contains("public_profile, basic_info, publish_actions · target emulator"))
    #expect(run.output.contains("is no token of the emulator (190 on every call)"))
    #expect(run.output.contains("no token (GET me gets error 2500)"))
    #expect(!run.output.contains("CAAEmuNope"), "an unknown token is masked")
  }

  @Test func whoamiAsksAServedEmulator() async throws {
    let server = try await ServeProcess.launch([])
    let run = await ScriptModeTests.run(
      "whoami\ntoken CAAEmuNope\nwhoami\n", ["--no-color", "--target", server.url])
    #expect(run.output.contains("Alice Whitfield (100001000000001) · token "), "\(run.output)")
    #expect(run.output.contains("says Invalid OAuth access token."), "\(run.output)")
    #expect(await server.terminate() == 0)
  }
}
