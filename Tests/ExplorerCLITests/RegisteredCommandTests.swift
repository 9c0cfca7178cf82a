import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 30: a REPL command is one `REPLCommand` type in one file, registered in one list;
/// `help`, the parser, completion and the docs check read it. `whoami` was added that way.
@Suite struct RegisteredCommandTests {
  /// Issue 46: the order is the registry's array, given once (it was given twice: the array
  /// and an `after:` name on each row, and the names won).
  @Test func helpListsTheMethodsThenTheRegistryInItsOrder() {
    let names = CommandReference.entries.map(\.name)
    let registered = CommandRegistry.commands.map { $0.reference.name }
    #expect(names == ["GET", "POST", "DELETE"] + registered)
    for type in CommandRegistry.commands {
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
        "Alice Whitfield (100001000000001) · token CAAEmuAlice · valid, never expires · public_profile, basic_info, email"
      ))
    #expect(run.output.contains("Bob Okafor (100001000000002) · token CAAEmuBobZS"))
    #expect(run.output.contains("public_profile, basic_info, publish_actions · target emulator"))
    #expect(run.output.contains("is no token of the emulator (190 on every call)"))
    #expect(run.output.contains("no token (GET me gets error 2500)"))
    #expect(!run.output.contains("CAAEmuNope"), "an unknown token is masked")
  }

  /// Issue 45: on the in-process emulator `whoami` is the Access Token Debugger: a dead token
  /// is NOT VALID with why, each way a token dies; and it is never recorded.
  @Test func whoamiShowsATokensDeath() async throws {
    let scratch = ScratchDirectory("whoami-death")
    defer { scratch.remove() }
    let file = scratch.file("session.json")
    let run = await ScriptModeTests.run(
      """
      record \(file)
      GET me
      token CAAEmuAliceExpired
      whoami
      token CAAEmuAlicePasswordChanged
      whoami
      token CAAEmuAliceLoggedOut
      whoami
      login bob
      whoami
      record stop

      """, ["--no-color"])
    #expect(
      run.output.contains(
        "Alice Whitfield (100001000000001) · token CAAEmuAliceExpired · NOT VALID, expired (190/463): Error validating access token: Session has expired"
      ), "\(run.output)\(run.errors)")
    #expect(run.output.contains("NOT VALID, password changed (190/460)"), "\(run.output)")
    #expect(run.output.contains("NOT VALID, invalid session: logged out (190/467)"))
    #expect(run.output.contains("Bob Okafor (100001000000002) · token CAAEmuBobZS"))
    #expect(run.output.contains("· valid, never expires · public_profile, basic_info · target"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!text.contains("debug_token"))
    #expect(text.components(separatedBy: "\"request\"").count - 1 == 2, "GET me and login's trace")
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
