import ExplorerCLI
import Foundation
import GraphJSON
import GraphTestSupport
import Testing

/// `graph-explorer diff` runs every mode on the files' documents (issue 48); each mode's
/// output must stay what the diff of the two trees prints: the listing (with context), the
/// JSON Patch, the merge patch and its warning, under `--key`, `--ignore`, `--ignore-order`
/// and `--exact`, on generated pairs of Graph-shaped files with awkward members.
extension DiffCommandTests {
  /// A feed answer of `count` posts; `variant` edits, removes, inserts and moves some of them
  /// and touches the awkward members.
  static func feed(count: Int, variant: Int) -> String {
    var posts: [String] = []
    for i in 0..<count {
      if variant > 0 && i % 11 == variant % 11 { continue }
      let message = variant > 0 && i % 7 == 0 ? "edited \(i)" : "post \(i)"
      let likes = variant > 0 && i % 5 == 0 ? "null" : #"{"summary":{"total_count":\#(i % 9)}}"#
      let extra =
        i % 13 == 0
        ? (variant > 0 ? #","é":1,"k":2,"k":3"# : #","e\u0301":1,"k":2"#)
        : (variant > 0 && i % 17 == 0 ? #","n":1.0"# : #","n":1"#)
      posts.append(
        #"{"id":"\#(i)","message":"\#(message)","likes":\#(likes),"created_time":"t\#(i)"\#(extra)}"#
      )
    }
    if variant > 0 {
      posts.insert(#"{"id":"new","message":null}"#, at: posts.count / 2)
      posts.swapAt(1, posts.count - 2)
    }
    let paging =
      variant > 0
      ? #"{"next":"n2","cursors":{"after":"b"}}"# : #"{"next":"n1","cursors":{"after":"a"}}"#
    return #"{"data":["# + posts.joined(separator: ",") + #"],"paging":\#(paging)}"#
  }

  static let argumentSets: [[String]] = [
    [], ["--patch"], ["--merge"], ["--context", "2"], ["--key", ""], ["--key", "message,id"],
    ["--ignore-order"], ["--exact"], ["--exact", "--merge"],
    ["--ignore", "paging"], ["--ignore", "paging", "--merge"], ["--ignore", "paging", "--patch"],
    ["--ignore", "**.k", "--ignore", "data[*].likes", "--context", "1"],
    ["--ignore", "data", "--merge"], ["--ignore", "data[3]", "--ignore-order", "--patch"],
    ["--ignore", "**", "--merge"],
  ]

  /// What the diff of the trees prints for `arguments`: status, output, errors.
  static func expected(_ arguments: [String], _ old: String, _ new: String) throws -> (
    Bool, String, String
  ) {
    var options = JSONDiffOptions()
    var context = 0
    var mode = ""
    var i = 0
    while i < arguments.count {
      switch arguments[i] {
      case "--patch", "--merge": mode = arguments[i]
      case "--ignore-order": options.ignoreOrder = true
      case "--exact": options.exactNumbers = true
      case "--key":
        i += 1
        options.keys = arguments[i].split(separator: ",").map(String.init)
      case "--ignore":
        i += 1
        options.ignore.append(try JSONPathPattern(parsing: arguments[i]))
      default:
        i += 1
        context = Int(arguments[i])!
      }
      i += 1
    }
    let result = JSONDiff.diff(
      try JSONParser.parse(old), try JSONParser.parse(new), options: options)
    let printer = JSONPrinter(options: [.pretty])
    switch mode {
    case "--patch":
      return (result.isEmpty, printer.string(result.patch.jsonValue) + "\n", "")
    case "--merge":
      let patch = JSONMergePatch.generate(
        from: result.old, to: result.new, exactNumbers: options.exactNumbers)
      let exact = result.isEmpty || JSONMergePatch.isExact(patch, from: result.old, to: result.new)
      return (
        result.isEmpty, printer.string(result.isEmpty ? .object(JSONObject()) : patch) + "\n",
        exact
          ? ""
          : "warning: a merge patch cannot express this change exactly (null members or array order)\n"
      )
    default:
      return (result.isEmpty, JSONDiffRenderer(context: context).render(result), "")
    }
  }

  @Test(arguments: [(3, 1), (40, 2), (300, 3), (300, 0)])
  func everyModePrintsWhatTheTreesPrint(count: Int, variant: Int) async throws {
    let old = Self.feed(count: count, variant: 0)
    let new = Self.feed(count: count, variant: variant)
    let a = try file("a.json", old)
    let b = try file("b.json", new)
    for arguments in Self.argumentSets {
      let console = CapturingConsole()
      let status = await GraphExplorer.main(
        arguments: ["diff"] + arguments + [a, b], console: console)
      let (equal, output, errors) = try Self.expected(arguments, old, new)
      #expect(status == (equal ? .success : .failure), "\(arguments)")
      #expect(console.output == output, "\(arguments)")
      #expect(console.errors == errors, "\(arguments)")
    }
  }
}
