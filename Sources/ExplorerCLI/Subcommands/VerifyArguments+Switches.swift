import GraphCassette
import GraphEmulator

extension VerifyArguments {
  /// One switch of a placeholder to another token: from the interaction at `index` (0-based)
  /// on, `placeholder` is sent as `token`.
  struct TokenSwitch {
    var index: Int
    var placeholder: String
    var token: TokenRecord
  }

  /// The switches a world made `--from` a recording names: its tokens named
  /// `PLACEHOLDER from #N` (`RecordedPeople.splitName`), where one recorded value answered as
  /// two people. None for a placeholder given with `--secret`, nor off the emulator.
  func tokenSwitches(for cassette: Cassette) -> [TokenSwitch] {
    guard target == "emulator", world != nil, let world = try? startingWorld() else { return [] }
    let sent = Set(VerifyScope.placeholders(in: cassette))
    var out: [TokenSwitch] = []
    for token in world.testTokens {
      guard let name = token.name, let split = RecordedPeople.split(named: name),
        sent.contains(split.token), substitutions[split.token] == nil,
        split.at <= cassette.interactions.count
      else { continue }
      out.append(TokenSwitch(index: split.at - 1, placeholder: split.token, token: token))
    }
    return out.sorted { ($0.index, $0.placeholder) < ($1.index, $1.placeholder) }
  }

  /// The switches as the verifier takes them: by interaction, placeholder → token.
  static func verifierSwitches(_ switches: [TokenSwitch]) -> [Int: [String: String]] {
    var out: [Int: [String: String]] = [:]
    for item in switches { out[item.index, default: [:]][item.placeholder] = item.token.token }
    return out
  }

  /// A line per switch, as `verify` prints the mapping.
  static func switchLines(_ switches: [TokenSwitch]) -> [String] {
    switches.map { item in
      "\(item.placeholder) sent from #\(item.index + 1) on as the world's token "
        + "\(item.token.token) of \(item.token.pageID ?? item.token.userID ?? "?"): the recording's "
        + "answers there show another person (graph-explorer world --from)"
    }
  }
}
