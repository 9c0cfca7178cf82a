import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Plays an export back through another recorder's own library (Ruby VCR, vcrpy): writes the
/// export to a scratch folder, runs the interop script under `Tests/Interop`, and reads the
/// answers it printed (`{"answers":[{"status":N,"body":BASE64},...]}`).
struct InteropPlayer {
  /// The interpreter (`ruby`, `python3`) found on PATH.
  var interpreter: String
  /// The script under `Tests/Interop`.
  var script: String

  func answers(_ cassette: Cassette, as format: InterchangeFormat, fileName: String) throws
    -> [JSONValue]
  {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file(fileName)
    try Data(Interchange.export(cassette, as: format)).write(to: URL(fileURLWithPath: file))
    let (status, output) = try Self.run(interpreter, [script, file])
    #expect(status == 0, "\(output)")
    guard status == 0 else { return [] }
    return try JSONParser.parse(output)["answers"]?.arrayValue ?? []
  }

  /// Runs `interpreter` on a script under `Tests/Interop` with `arguments`: its exit status
  /// and everything it printed (standard output and error together).
  static func run(_ interpreter: String, _ arguments: [String]) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [interpreter, InteropTests.root + "/Tests/Interop/" + arguments[0]] + arguments.dropFirst()
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Expects one answer per interaction, each with the recorded status and body bytes.
  static func expectPlayedBack(_ interactions: [Interaction], _ answers: [JSONValue]) {
    #expect(answers.count == interactions.count)
    for (interaction, answer) in zip(interactions, answers) {
      #expect(
        answer["status"]?.numberValue?.intValue == interaction.response.status,
        "\(interaction.summary)")
      let body = answer["body"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
      #expect(body == interaction.response.body, "\(interaction.summary)")
    }
  }
}
