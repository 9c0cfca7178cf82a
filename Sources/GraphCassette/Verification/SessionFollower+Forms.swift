import GraphAPI

extension SessionFollower {
  /// The hidden inputs of an HTML page (a dialog's form): `name` → `value`, as a browser
  /// would post them back. A page of up to 1 MB is read; attribute values are taken as
  /// written (the emulator's and Graph's are plain tokens such as `fb_dtsg`).
  static func hiddenInputs(_ body: [UInt8]) -> [String: String] {
    guard body.count <= 1 << 20 else { return [:] }
    let text = String(decoding: body, as: UTF8.self)
    var inputs: [String: String] = [:]
    for piece in text.split(separator: "<input").dropFirst() {
      guard let close = piece.firstIndex(of: ">") else { continue }
      let tag = piece[..<close]
      guard attribute("type", in: tag)?.lowercased() == "hidden",
        let name = attribute("name", in: tag),
        let value = attribute("value", in: tag)
      else { continue }
      inputs[name] = value
    }
    return inputs
  }

  /// The value of ` name="..."` in a tag's text.
  static func attribute(_ name: String, in tag: Substring) -> String? {
    guard let start = tag.range(of: " \(name)=\"") else { return nil }
    let rest = tag[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// Learns the hidden inputs a page gave where the recorded page had others (a dialog's
  /// `fb_dtsg`, made from a key each emulator draws): the form posted next sends the target's.
  mutating func learnForm(recorded: HTTPResponse, actual: HTTPResponse, number: Int) {
    guard recorded.headers["Content-Type"]?.lowercased().hasPrefix("text/html") == true else {
      return
    }
    let old = Self.hiddenInputs(recorded.body)
    let new = Self.hiddenInputs(actual.body)
    for (name, value) in old {
      guard let other = new[name], other != value, !value.isEmpty else { continue }
      formValues[name, default: [:]][value] = other
      learnedAt[value] = number
    }
  }

  /// `text` (a query or a form body) with each `name=value` pair whose value was learned for
  /// that name sent as the target's.
  func followingForm(_ text: String) -> String {
    guard !formValues.isEmpty, text.contains("=") else { return text }
    let pairs = text.split(separator: "&", omittingEmptySubsequences: false)
    return pairs.map { (pair: Substring) -> String in
      guard let eq = pair.firstIndex(of: "=") else { return String(pair) }
      let value = pair[pair.index(after: eq)...]
      guard let new = formValues[String(pair[..<eq])]?[String(value)] else { return String(pair) }
      return pair[...eq] + new
    }.joined(separator: "&")
  }

  /// A recorded HTML page with the hidden values learned for it written as the target's, and
  /// the minted texts learned (a test user's name in a dialog's list of people).
  func resolvedPage(_ body: [UInt8]) -> [UInt8] {
    guard !formValues.isEmpty || !texts.isEmpty else { return body }
    var text = String(decoding: body, as: UTF8.self)
    for (old, new) in texts {
      text = Self.replacingWhole(HTMLText.escaped(old), with: HTMLText.escaped(new), in: text)
    }
    for (name, values) in formValues {
      for (old, new) in values {
        text = text.replacingAll(
          "name=\"\(name)\" value=\"\(old)\"", with: "name=\"\(name)\" value=\"\(new)\"")
      }
    }
    return Array(text.utf8)
  }
}
