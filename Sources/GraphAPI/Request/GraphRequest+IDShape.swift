extension GraphRequest {
  /// Whether `head` (a path's first component) is shaped as an object id rather than a name
  /// (a username or alias): digits, digits joined by `_` (`{page-id}_{post-id}`), or `act_`
  /// and digits (an ad account). The emulator answers a name no object has with 803 before
  /// looking at the token; `world --from` keeps only names, not ids, that Graph answered with
  /// a token error. **[choice]**: other id shapes (a URL, for `?id=`) are not read from a path.
  package static func isIDShaped(_ head: String) -> Bool {
    let body = head.hasPrefix("act_") ? head.dropFirst(4) : Substring(head)
    let parts = body.split(separator: "_", omittingEmptySubsequences: false)
    return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }
}
