import GraphAPI

/// The header fields a recorder printed last, one list for requests and one for answers, with
/// each field's printed bytes (`"name": "value"`): a session sends and gets the same
/// `Content-Type`, `Cache-Control` and the like every time, so a field equal (name and value)
/// to the one at its position last time is copied, not quoted again, and a list whose names are
/// those of last time repeats a name exactly when that one did (issue 48). **[choice]** Lists
/// of at most `keptFields` fields, fields printed in at most `longestField` bytes.
struct PrintedHeaders {
  struct Side {
    var fields: [HTTPHeaders.Field] = []
    /// `printed[i]` is `fields[i]` as printed; `nil` when it was too long to keep.
    var printed: [[UInt8]?] = []
    /// Whether two of `fields`' names are one without case.
    var repeatsAName = false
  }

  static let keptFields = 64
  static let longestField = 1024

  var request = Side()
  var response = Side()
}

extension PrintedHeaders.Side {
  /// Whether `fields` has the names of the list printed last, in order (then it repeats a name
  /// exactly when that list did).
  func hasTheNames(of fields: [HTTPHeaders.Field]) -> Bool {
    fields.count == self.fields.count
      && zip(fields, self.fields).allSatisfy { $0.name == $1.name }
  }

  /// The printed bytes of `field` at `position`, when it is the field printed there last time.
  func printed(_ field: HTTPHeaders.Field, at position: Int) -> [UInt8]? {
    guard position < fields.count, fields[position] == field else { return nil }
    return printed[position]
  }

  /// Remembers the list `fields` was printed, field `position` as `bytes`.
  mutating func remember(
    _ field: HTTPHeaders.Field, at position: Int, printed bytes: ArraySlice<UInt8>
  ) {
    let kept = bytes.count <= PrintedHeaders.longestField ? Array(bytes) : nil
    if position < fields.count {
      fields[position] = field
      printed[position] = kept
    } else {
      fields.append(field)
      printed.append(kept)
    }
  }

  /// Starts a list of `count` fields whose names repeat (or not) as `repeats` says.
  mutating func start(count: Int, repeatsAName repeats: Bool) {
    if fields.count > count {
      fields.removeLast(fields.count - count)
      printed.removeLast(printed.count - count)
    }
    repeatsAName = repeats
  }
}
