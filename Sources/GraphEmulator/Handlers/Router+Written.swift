import GraphAPI

extension Router {
  /// The answer `write` makes with an `AnswerWriter` for this call, or `nil` when the read is
  /// left to the tree: the writer is off (tests), the call asks for `debug=all` (its messages
  /// are added to the object afterwards), or the writer declines (a large body).
  mutating func written(
    _ call: GraphCall, _ viewer: Viewer,
    _ write: (AnswerWriter) throws(GraphError) -> [UInt8]?
  ) throws(GraphError) -> Outcome? {
    guard state.writesAnswers, call[.debug] != "all" else { return nil }
    let writer = AnswerWriter(
      renderer: renderer(call, viewer), people: (state.personItems, state.generation))
    guard let body = try write(writer) else { return nil }
    state.writtenAnswers += 1
    return .written(body)
  }
}

extension GraphEmulator {
  /// Whether reads are written straight into bytes (`AnswerWriter`); tests turn it off to
  /// compare with the tree's answers.
  var writesAnswers: Bool {
    get { withState { $0.writesAnswers } }
    set { withState { $0.writesAnswers = newValue } }
  }

  /// How many answers `AnswerWriter` wrote.
  var writtenAnswers: Int { withState { $0.writtenAnswers } }
}
