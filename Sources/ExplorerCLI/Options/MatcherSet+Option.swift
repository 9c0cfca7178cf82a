import GraphCassette

extension MatcherSet {
  /// `--match`'s help line.
  static let optionHelp =
    "with --replay, how requests match recorded ones: semantic (by meaning:\nno version prefix, query and body parameters alike, SDK bookkeeping\nignored) or a list of \(names)\n(default method,path,query,body)"

  /// `--match SPEC` read, or the option's error naming what it takes.
  static func option(_ text: String) throws(OptionError) -> MatcherSet {
    guard let set = MatcherSet(parsing: text) else {
      throw .invalid("--match: expected semantic or a list of \(names), found '\(text)'")
    }
    return set
  }
}
