import GraphAPI
import GraphEmulator

/// Argument parsing for each named command.
extension CommandParser {
  typealias ArgumentParser = @Sendable ([Word]) throws(ExplorerError) -> Command

  static let commandParsers: [String: ArgumentParser] = [
    "login": { args throws(ExplorerError) in
      var words = try loginWords(args)
      if words.first == "--code-flow" {
        words.removeFirst()
        guard let first = words.first, !GraphEmulator.permissionNames.contains(first) else {
          return .loginCodeFlow(person: nil, permissions: words)
        }
        return .loginCodeFlow(person: first, permissions: Array(words.dropFirst()))
      }
      guard let first = words.first else { return .login(person: nil, permissions: []) }
      if GraphEmulator.permissionNames.contains(first) {
        return .login(person: nil, permissions: words)
      }
      return .login(person: first, permissions: Array(words.dropFirst()))
    },
    "diff": { args throws(ExplorerError) in try diff(args) },
  ]

  /// `diff [#a] [#b | <file>] [options]`, the options parsed by `DiffArguments`.
  private static func diff(_ args: [Word]) throws(ExplorerError) -> Command {
    let arguments: DiffArguments
    do {
      arguments = try DiffArguments.parse(args.map(\.text))
    } catch {
      throw .syntax(message: error.description, column: args.first?.column ?? 1)
    }
    if arguments.help { return .of(HelpCommand(topic: "diff")) }
    let operands = arguments.operands
    guard operands.count <= 2 else { throw usage("diff") }
    func column(of operand: String) -> Int {
      args.first { $0.text == operand }?.column ?? 1
    }
    var old: ExchangeReference?
    if let first = operands.first {
      guard let ref = ExchangeReference(first) else {
        throw .syntax(
          message: "expected an exchange such as #3, found '\(first)'", column: column(of: first))
      }
      old = ref
    }
    var new: Command.DiffSide?
    if operands.count == 2 {
      let second = operands[1]
      new = ExchangeReference(second).map { .exchange($0) } ?? .file(second)
    }
    return .diff(old: old, new: new, arguments)
  }

  /// `vX.Y`.
  static func isVersion(_ text: String) -> Bool {
    guard text.hasPrefix("v") else { return false }
    let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  static func reference(
    _ args: [Word], _ command: String
  ) throws(ExplorerError) -> ExchangeReference {
    guard args.count <= 1 else { throw usage(command) }
    guard let word = args.first else { return .last }
    guard let ref = ExchangeReference(word.text) else {
      throw .syntax(
        message: "expected an exchange such as #3, found '\(word.text)'", column: word.column)
    }
    return ref
  }
}
