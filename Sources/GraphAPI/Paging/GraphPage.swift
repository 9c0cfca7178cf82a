import GraphJSON

/// One page of a Graph list: its `data` items, its `paging`, and `summary` when asked for.
public struct GraphPage: Sendable, Hashable {
  public var data: [JSONValue]
  public var paging: GraphPaging?
  /// `summary` (e.g. `{"total_count":821}`), if present.
  public var summary: JSONValue?

  public init(data: [JSONValue], paging: GraphPaging? = nil, summary: JSONValue? = nil) {
    self.data = data
    self.paging = paging
    self.summary = summary
  }

  /// Reads a list answer; `nil` when it has no `data` array.
  public init?(answer: JSONValue) {
    guard let data = answer["data"]?.arrayValue else { return nil }
    self.init(data: data, paging: GraphPaging(answer: answer), summary: answer["summary"])
  }

  /// `summary.total_count`, if given.
  public var totalCount: Int? { summary?["total_count"]?.numberValue?.intValue }
}
