import Foundation
import GraphAPI
import GraphCassette

/// The persistent line history: `$XDG_STATE_HOME/graph-explorer/history` (default
/// `~/.local/state/graph-explorer/history`), created with mode 0600 in a 0700 folder. A line
/// that sets a secret is never stored; secret parameter values are redacted.
struct HistoryFile: Sendable {
  /// The file's path.
  var path: String
  /// How many lines are loaded at start.
  var limit = 1000
  /// The secrets seen in lines so far: a token typed once as `oauth_token=T` is also taken
  /// out of a later `message=T`.
  let memory = SecretMemory()

  /// The history file for `environment`, or `nil` when neither XDG_STATE_HOME nor HOME is set.
  static func standard(environment: [String: String]) -> HistoryFile? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return HistoryFile(path: state + "/graph-explorer/history")
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return HistoryFile(path: home + "/.local/state/graph-explorer/history")
  }

  /// The last `limit` lines of the file (none when it does not exist).
  func load() -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return Array(lines.suffix(limit))
  }

  /// Appends `line` unless it must not be stored; returns what was stored, if anything.
  /// - Parameter secrets: values that must never reach the file (the current token, the app
  ///   secret).
  @discardableResult
  func append(_ line: String, secrets: [String]) -> String? {
    guard let stored = Self.storable(line, secrets: secrets, memory: memory) else { return nil }
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    fchmod(fd, 0o600)
    let bytes = Array((stored + "\n").utf8)
    let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    return written == bytes.count ? stored : nil
  }

  /// The text to store for `line`, or `nil` when it must not be stored: blank lines, lines
  /// that set a token or an app secret (`token EAAB...`, `let page_token = EAAB...`), lines
  /// that hold one of `secrets`. Secret parameter
  /// values (`access_token=...`) are redacted.
  static func storable(_ line: String, secrets: [String], memory: SecretMemory? = nil) -> String? {
    let trimmed = line.trimmingSpaces
    guard !trimmed.isEmpty else { return nil }
    let words = trimmed.split(separator: " ", omittingEmptySubsequences: true)
    if words.first == "token", words.count > 1, !["clear", "page"].contains(words[1]) {
      return nil
    }
    // `let page_token = EAAB...`: a secret typed as a variable's value (a value read from an
    // answer, `$last...`, is no secret on the line).
    if words.first == "let", words.count > 1,
      NamedVariables.isSecretName(String(words[1].prefix { $0 != "=" })), !trimmed.contains("$")
    {
      return nil
    }
    if words.first == "app", words.count > 2 { return nil }
    for secret in secrets where secret.count >= 8 && trimmed.contains(secret) { return nil }
    return memory?.redact(trimmed) ?? Redaction.redactParameters(trimmed)
  }
}

/// A `SecretText` shared by the copies of a `HistoryFile`, replacing by `<redacted>`.
final class SecretMemory: Sendable {
  private let engine = Locked(SecretText { _ in Redaction.placeholder })

  /// `line` with every secret it holds, or seen in an earlier line, replaced.
  func redact(_ line: String) -> String {
    engine.withLock { $0.redact(line) }
  }
}
