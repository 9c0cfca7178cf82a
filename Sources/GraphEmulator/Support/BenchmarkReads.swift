/// The distinct reads of `graph-bench serve --answers distinct` and `graph-bench
/// distinct-reads` (issue 32), here so that the emulator's tests answer the same set
/// (`AnswerWriterTests`): friend pages at every limit from 1 to 25 and offset from 0 to 20,
/// `me` with every non-empty subset of seven fields, and each friend's node with four field
/// lists, so that no answer repeats within the emulator's answer memo (256 answers, started
/// over when full) and every request is parsed, routed and rendered.
package enum BenchmarkReads {
  package static let fields = ["id", "name", "first_name", "last_name", "gender", "locale", "link"]
  package static let nodeFieldLists = [
    "id,name", "id,name,first_name", "name,gender,locale", "id,first_name,last_name,link",
  ]
  /// The request that lists the friends whose nodes are read (`fields=id`, all of them).
  package static let friendsPath = "/v2.0/me/friends?fields=id&limit=5000&access_token=CAAEmuAlice"

  /// The paths (with Alice's token) for a world whose viewer has the friends `friendIDs`.
  package static func paths(friendIDs: [String]) -> [String] {
    let token = "access_token=CAAEmuAlice"
    var paths: [String] = []
    for limit in 1...25 {
      for offset in 0...20 {
        paths.append("/v2.0/me/friends?limit=\(limit)&offset=\(offset)&\(token)")
      }
    }
    for mask in 1..<(1 << fields.count) {
      let chosen = fields.indices.filter { mask & (1 << $0) != 0 }.map { fields[$0] }
      paths.append("/v2.0/me?fields=\(chosen.joined(separator: ","))&\(token)")
    }
    for id in friendIDs {
      for list in nodeFieldLists { paths.append("/v2.0/\(id)?fields=\(list)&\(token)") }
    }
    return paths
  }
}
