import Foundation
import GraphAPI
import Testing

/// Runs generated code with its language's own tool in a fresh folder, and checks what a
/// request sent against the request the code was written from.
enum CodeRunner {
  /// The folder holding the SDK surfaces the generated code is run against (Tests/Interop/codegen).
  static let surfaces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/codegen")

  /// Runs `arguments` through `/usr/bin/env` in a fresh folder holding `files` (name and
  /// bytes) and the uploads; records a test failure on a non-zero exit; returns standard output.
  @discardableResult
  static func run(
    _ arguments: [String], files: [GraphUpload] = [], writing extra: [String: String] = [:],
    then more: [[String]] = []
  ) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "codegen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for file in files {
      try Data(file.bytes).write(to: folder.appendingPathComponent(file.filename))
    }
    for (name, text) in extra {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    var output = ""
    for command in [arguments] + more {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = command
      process.currentDirectoryURL = folder
      let errors = Pipe()
      let out = Pipe()
      process.standardError = errors
      process.standardOutput = out
      try process.run()
      let printed = out.fileHandleForReading.readDataToEndOfFile()
      let message = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      output += String(decoding: printed, as: UTF8.self)
      #expect(
        process.terminationStatus == 0,
        "\(command.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))\(String(decoding: printed, as: UTF8.self))"
      )
      guard process.terminationStatus == 0 else { break }
    }
    return output
  }

  /// What arrived at `stub` is `request`: method, path, version, token, parameters, uploads.
  static func expectArrived(_ request: GraphRequest, at requests: [HTTPRequest]) throws {
    let seen = try #require(requests.first)
    let parsed = try GraphRequest(parsing: seen)
    #expect(parsed.method == request.method)
    #expect(parsed.path == request.path)
    #expect(parsed.version == request.version)
    #expect(parsed.accessToken == request.accessToken)
    var expected = request.parameters
    if let proof = request.appSecretProof { expected.append("appsecret_proof", proof) }
    #expect(Set(parsed.parameters.items) == Set(expected.items))
    #expect(parsed.uploads.map(\.bytes) == request.uploads.map(\.bytes))
    #expect(parsed.uploads.map(\.name) == request.uploads.map(\.name))
  }
}
