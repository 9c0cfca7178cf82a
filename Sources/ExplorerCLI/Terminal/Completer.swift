import Foundation
import GraphAPI
import GraphEmulator

/// Decides what Tab offers, from the text before the cursor: command names first; paths and
/// edges after a method (and the app's Open Graph actions after `GET`/`POST me/`, the ids this
/// session created after `DELETE`); field names inside `fields=` (also after `{` and `,`); the
/// parameters that fit the method and the route (`ParameterTable`); test-token names in
/// `access_token=`; file names after `@`; after a command's name, what the command offers
/// (`REPLCommand.completion`: permission names after `login`, `grant`, `revoke`, people and
/// test-token names after `login`, test-token names after `token`, command names after `help`).
struct Completer: Sendable {
  /// What the completer knows of the graph: node paths, edges and fields per node type.
  var catalog: GraphCatalog
  /// Permission names offered after `login`, `grant` and `revoke`.
  var permissions: [String] = []
  /// The names `login` takes as its first word: usernames and the user test tokens' names.
  var people: [String] = []
  /// The emulator's test-token names (`alice-publish`), offered after `token` and as
  /// `access_token=` values.
  var testTokens: [String] = []
  /// The app's Open Graph namespace (`fb_sample_scrumps`), `nil` when there is no app.
  var namespace: String? = nil
  /// The app's action types and each one's object property (`eat` → `meal`).
  var actionTypes: [String: String] = [:]
  /// Objects this session created (posts, photos, comments, actions), each id with what it
  /// is (`photo · #3 POST me/photos`), offered after `DELETE` and listed with that note.
  var created: [(id: String, note: String)] = []
  /// The permissions the session's token holds, offered after `revoke` (`nil`: unknown, so
  /// every permission).
  var granted: [String]? = nil
  /// The kept exchanges, newest first, each as `#n` with its line (`#3`, `GET me/friends`),
  /// offered after a command that takes one (`show #`, `headers #`).
  var exchanges: [(reference: String, line: String)] = []
  /// The names of the variables `let` set, offered after `$` (with `$last`).
  var variables: [String] = []

  /// The kept exchanges whose `#n` starts with the word being typed, each listed with its line.
  func exchangeReferences(_ current: String) -> Completion {
    var completion = Completion(prefix: current, candidates: exchanges.map(\.reference))
    completion.notes = Dictionary(exchanges.map { ($0.reference, $0.line) }) { first, _ in first }
    return completion
  }

  /// The words that start a command line.
  static let commandWords: [String] =
    CommandReference.entries.map(\.name).filter { $0 != "!n" }

  /// The completion of `before` (the line up to the cursor).
  func complete(_ before: String) -> Completion {
    let words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let atWordStart = before.isEmpty || before.hasSuffix(" ")
    let current = atWordStart ? "" : (words.last ?? "")
    let index = atWordStart ? words.count : words.count - 1
    // `$p` anywhere a value is typed: `$last` and the variables `let` set.
    if let dollar = current.lastIndex(of: "$"),
      current[current.index(after: dollar)...].allSatisfy({
        $0.isLetter || $0.isNumber || $0 == "_"
      })
    {
      return Completion(
        prefix: String(current[dollar...]), candidates: ["$last"] + variables.map { "$" + $0 },
        endsWord: false)
    }
    if index == 0 {
      if let mark = current.firstIndex(of: "?") {
        return completeQuery(current, at: mark, method: .get)
      }
      if current.contains("/") { return completePath(current, method: .get) }
      return Completion(prefix: current, candidates: Self.commandWords + catalog.rootPaths)
    }
    let command = words[0]
    let named = GraphMethod(name: command)
    let isMethod = named != nil
    let method = named ?? .get
    if index == 1 && isMethod {
      if let mark = current.firstIndex(of: "?") {
        return completeQuery(current, at: mark, method: method)
      }
      return completePath(current, method: method)
    }
    // `source@ph`, and HTTPie's `name=@file` and `name:=@file.json`.
    if let at = current.firstIndex(of: "@"),
      !current[..<at].contains("=") || current[..<at].hasSuffix("=")
    {
      return completeFile(current, after: at)
    }
    if isMethod || CommandParser.looksLikePath(command) {
      return completeParameter(current, path: isMethod ? words[1] : command, method: method)
    }
    let context = CompletionContext(
      current: current, index: index - 1, words: words, before: before, completer: self)
    return CommandRegistry.command(named: command)?.completion(context) ?? .none
  }

  /// The node path whose edges or fields completing `before` needs: the parent of a path
  /// being typed (`me` for `GET me/fr`), or the request's path inside `fields=`.
  static func pathNeedingMetadata(_ before: String) -> String? {
    let words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let first = words.first, !before.hasSuffix(" ") || words.count > 1 else { return nil }
    // `fields me/fr`: the path after `fields` completes as a request's does.
    let isMethod = CommandParser.methods.contains(first.uppercased()) || first == "fields"
    let current = before.hasSuffix(" ") ? "" : (words.last ?? "")
    let pathIndex = isMethod ? 1 : 0
    guard words.count > pathIndex else { return nil }
    let path = words[pathIndex]
    if words.count - 1 == pathIndex && !before.hasSuffix(" ") {
      if let mark = current.firstIndex(of: "?") {
        let query = current[current.index(after: mark)...]
        let last = query.split(separator: "&", omittingEmptySubsequences: false).last ?? ""
        guard last.hasPrefix("fields=") else { return nil }
        return Self.nestedPath(String(current[..<mark]), fields: last.dropFirst(7))
      }
      guard let slash = current.lastIndex(of: "/") else { return nil }
      return String(current[..<slash])
    }
    guard isMethod || CommandParser.looksLikePath(first), current.hasPrefix("fields=") else {
      return nil
    }
    return nestedPath(path, fields: current.dropFirst(7))
  }

  /// The path whose fields complete the end of a `fields=` value: `me` for `id,na`,
  /// `me/friends` for `id,friends{na` or `friends.limit(5){na` (the edges of the open braces).
  static func nestedPath(_ path: String, fields: Substring) -> String {
    var open: [String] = []
    var name = ""
    var inModifier = 0
    for c in fields {
      switch c {
      case "(": inModifier += 1
      case ")": inModifier = max(0, inModifier - 1)
      case _ where inModifier > 0: continue
      case "{":
        open.append(String(name.prefix { $0 != "." }))
        name = ""
      case "}":
        _ = open.popLast()
        name = ""
      case ",": name = ""
      default: name.append(c)
      }
    }
    return ([GraphCatalog.normalise(path)] + open).joined(separator: "/")
  }

  /// A path: `me/fr` → `me/friends`, from the edges the catalog knows for the parent node, and
  /// for `GET`/`POST` on a person the app's Open Graph actions (`me/fb_sample_scrumps:eat`);
  /// after `DELETE`, the ids this session created as well as the root paths.
  func completePath(_ current: String, method: GraphMethod) -> Completion {
    guard let slash = current.lastIndex(of: "/") else {
      guard method == .delete else {
        return Completion(prefix: current, candidates: catalog.rootPaths)
      }
      var completion = Completion(
        prefix: current, candidates: catalog.rootPaths + created.map(\.id))
      completion.notes = Dictionary(created.map { ($0.id, $0.note) }) { first, _ in first }
      return completion
    }
    let parent = String(current[..<slash])
    var edges = catalog.edges(ofPath: parent)
    let isPerson =
      GraphCatalog.normalise(parent) == "me" || catalog.type(ofPath: parent) == "user"
    if let namespace, isPerson, method == .get || method == .post {
      edges += actionTypes.keys.map { namespace + ":" + $0 }
    }
    return Completion(prefix: current, candidates: edges.map { parent + "/" + $0 })
  }

  /// A path with a query being typed: `me?fields=id,na` → `me?fields=id,name`, the last
  /// parameter completed as `completeParameter` does, for the path before `?` (a file upload,
  /// `source@`, has no place in a query).
  private func completeQuery(_ current: String, at mark: String.Index, method: GraphMethod)
    -> Completion
  {
    let query = current[current.index(after: mark)...]
    let start = query.lastIndex(of: "&").map { query.index(after: $0) } ?? query.startIndex
    let head = String(current[..<start])
    let parameter = completeParameter(
      String(query[start...]), path: String(current[..<mark]), method: method)
    return Completion(
      prefix: current,
      candidates: parameter.candidates.filter { !$0.hasSuffix("@") }.map {
        head + $0
      }, endsWord: parameter.endsWord)
  }

  /// `fields=na` → `fields=name`, also after `{` and `,`; a value from the parameter's list
  /// (`type=pl` → `type=place`, `access_token=al` → `access_token=alice`); otherwise the
  /// parameters `ParameterTable` has for `method` on `path`.
  func completeParameter(_ current: String, path: String, method: GraphMethod) -> Completion {
    guard current.hasPrefix("fields="),
      let cut = current.lastIndex(where: { $0 == "=" || $0 == "," || $0 == "{" })
    else {
      if let equals = current.firstIndex(of: "=") {
        let name = String(current[..<equals])
        var values = ParameterTable.values(of: name, method: method, path: path)
        if name == "access_token" { values += testTokens }
        return Completion(prefix: current, candidates: values.map { name + "=" + $0 })
      }
      let parameters = ParameterTable.parameters(
        method: method, path: path, actionTypes: actionTypes)
      return Completion(
        prefix: current, candidates: parameters.map { ParameterTable.offer($0).word })
    }
    let head = String(current[...cut])
    let node = Self.nestedPath(path, fields: current.dropFirst(7))
    // Fields, then the node's edges (`f<Tab>` offers `first_name` and `friends`: an edge is
    // selected with its own fields, `friends{name}`, issue 29).
    let names = catalog.fields(ofPath: node) + catalog.edges(ofPath: node)
    // A field is no word's end: `,` or `{` may follow.
    return Completion(prefix: current, candidates: names.map { head + $0 }, endsWord: false)
  }

  /// File names after `@`: `source@ph` → `source@photo.jpg`.
  private func completeFile(_ current: String, after at: String.Index) -> Completion {
    fileNames(String(current[current.index(after: at)...]), head: String(current[...at]))
  }

  /// The names in the folder `partial` names (the current one when it has no `/`) that start
  /// as it does, each after `head`; folders end in `/`.
  func fileNames(_ partial: String, head: String) -> Completion {
    let current = head + partial
    let slash = partial.lastIndex(of: "/")
    let shownFolder = slash.map { String(partial[...$0]) } ?? ""
    let folder =
      shownFolder.isEmpty ? "." : (shownFolder as NSString).expandingTildeInPath
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let candidates = names.filter { !$0.hasPrefix(".") }.map { name -> String in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory)
      // Escaped as the tokenizer reads it back: a name with spaces stays one word.
      return head + shownFolder + Self.escaped(name) + (isDirectory.boolValue ? "/" : "")
    }
    return Completion(prefix: current, candidates: candidates)
  }

  /// `my meal.png` → `my\\ meal.png`: a backslash before each space, quote, backslash or `$`.
  static func escaped(_ name: String) -> String {
    var out = ""
    for c in name {
      if c == " " || c == "\"" || c == "'" || c == "\\" || c == "$" { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
