/// The YAML shapes issue 15 found quadratic, written for `graph-bench growth`: a flow
/// collection (a response header's values) spread over `lines` lines, and a plain (unquoted) scalar folded over `lines`
/// lines, each inside a one-interaction vcrpy YAML cassette.
enum GrowthYAML {
  static func head(_ header: String) -> String {
    """
    interactions:
    - request:
        body: null
        headers:
          \(header)
        method: GET
        uri: https://graph.facebook.com/v2.8/me
      response:
        body:

    """
  }

  /// A response header `X-List: [`, then one quoted item a line, then `]`.
  static func flow(lines: Int) -> [UInt8] {
    var out = head("Accept: ['*/*']")
    out += "      string: ok\n    headers:\n      X-List: [\n"
    for n in 0..<lines { out += "      'item number \(n) of the flow list',\n" }
    out += "      'last']\n    status: {code: 200, message: OK}\nversion: 1\n"
    return Array(out.utf8)
  }

  /// A response body that is one plain scalar over `lines` lines of about 100 bytes.
  static func plain(lines: Int) -> [UInt8] {
    var out = head("Accept: ['*/*']")
    out += "      string: start\n"
    for n in 0..<lines {
      out += "        plain words of line \(n) of a long unquoted YAML string, folded with spaces\n"
    }
    out += "    headers: {}\n    status: {code: 200, message: OK}\nversion: 1\n"
    return Array(out.utf8)
  }
}
