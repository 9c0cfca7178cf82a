import ExplorerCLI
import GraphTestSupport
import Testing

@Suite struct CapturingConsoleTests {
  @Test func recordsOutputAndErrorsSeparately() {
    let console = CapturingConsole()
    console.write("a")
    console.line("b")
    console.writeError("c")
    console.errorLine("d")
    #expect(console.output == "ab\n")
    #expect(console.errors == "cd\n")
    console.clear()
    #expect(console.output == "" && console.errors == "")
  }

  @Test func servesLinesThenTheRest() {
    let console = CapturingConsole(input: "first\r\nsecond\n\nthird")
    #expect(console.readLine() == "first")
    #expect(console.readLine() == "second")
    #expect(console.readLine() == "")
    #expect(console.readAll() == Array("third".utf8))
    #expect(console.readLine() == nil)
    #expect(console.readAll() == [])
  }

  @Test func reportsTerminalFlagsAndEnvironmentAsGiven() {
    let console = CapturingConsole(
      isOutputTerminal: true, isInputTerminal: false, environment: ["NO_COLOR": "1"])
    #expect(console.isOutputTerminal)
    #expect(!console.isInputTerminal)
    #expect(console.environment["NO_COLOR"] == "1")
    #expect(!CapturingConsole().isOutputTerminal)
  }
}
