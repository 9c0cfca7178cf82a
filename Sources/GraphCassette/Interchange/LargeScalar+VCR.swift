import GraphAPI
import GraphJSON
import GraphYAML

/// Where VCR keeps the large scalars `YAMLReader` hands a streamed interaction with: the bodies
/// and header lists `VCRCodec` takes as bytes, without a `String` of them.
extension YAMLReader.LargeScalar {
  /// Where the text of a body, or a header's list, is in a VCR interaction.
  enum Place {
    case requestBody
    case responseBody
    case requestHeaders
    case responseHeaders
  }

  /// What `place(_:in:)` hands back out of the tree: the text of each body, and the packed
  /// value lists of headers by the index of their member in the `headers` mapping.
  struct Placed {
    var requestBody: [UInt8]?
    var responseBody: [UInt8]?
    var requestHeaders: [Int: PackedHeaderValues] = [:]
    var responseHeaders: [Int: PackedHeaderValues] = [:]
  }

  /// Puts `scalars` back into `item` as strings (and packed lists as arrays of strings),
  /// except what `VCRCodec` reads as bytes, which is handed back:
  /// - the text of a request or response body: the member `body` of `request` or `response`
  ///   (vcrpy's bare string) or the member `string` of it, each the last member of its name
  ///   (the one a lookup finds), and well-formed UTF-8 (the bytes a string of them would hold);
  /// - a list of a header's values: a member of `headers` (the last of its name) of `request`
  ///   or `response`, each value well-formed UTF-8.
  static func place(_ scalars: [Self], in item: inout JSONValue) -> Placed {
    var placed = Placed()
    for scalar in scalars {
      if let ends = scalar.ends {
        if let part = headersPlace(scalar.path, in: item),
          let values = PackedHeaderValues(bytes: scalar.bytes, ends: ends)
        {
          if part == .requestHeaders {
            placed.requestHeaders[scalar.path[2]] = values
          } else {
            placed.responseHeaders[scalar.path[2]] = values
          }
        } else {
          set(&item, at: scalar.path[...], to: strings(scalar.bytes, ends))
        }
        continue
      }
      switch bodyPlace(scalar.path, in: item) {
      case .requestBody? where isUTF8(scalar.bytes): placed.requestBody = scalar.bytes
      case .responseBody? where isUTF8(scalar.bytes): placed.responseBody = scalar.bytes
      default:
        set(&item, at: scalar.path[...], to: .string(String(decoding: scalar.bytes, as: UTF8.self)))
      }
    }
    return placed
  }

  /// The array of strings a packed list holds (what the flow parser would have made).
  static func strings(_ bytes: [UInt8], _ ends: [UInt32]) -> JSONValue {
    var items: [JSONValue] = []
    items.reserveCapacity(ends.count)
    var start = 0
    for end in ends {
      items.append(.string(String(decoding: bytes[start..<Int(end)], as: UTF8.self)))
      start = Int(end)
    }
    return .array(items)
  }

  /// Whether the value at `path` is a header's list in the request or the response, if it is
  /// one.
  static func headersPlace(_ path: [Int], in item: JSONValue) -> Place? {
    guard path.count == 3,
      case .object(let root) = item,
      let part = lastMember(root, path[0], named: ["request", "response"]),
      case .object(let message) = root[path[0]].value,
      lastMember(message, path[1], named: ["headers"]) != nil,
      case .object(let headers) = message[path[1]].value, path[2] < headers.count
    else { return nil }
    return part == "request" ? .requestHeaders : .responseHeaders
  }

  /// Which body's text the value at `path` is, if it is one.
  static func bodyPlace(_ path: [Int], in item: JSONValue) -> Place? {
    guard path.count == 2 || path.count == 3,
      case .object(let root) = item,
      let part = lastMember(root, path[0], named: ["request", "response"]),
      case .object(let message) = root[path[0]].value,
      lastMember(message, path[1], named: ["body"]) != nil
    else { return nil }
    if path.count == 3 {
      guard case .object(let body) = message[path[1]].value,
        lastMember(body, path[2], named: ["string"]) != nil
      else { return nil }
    }
    return part == "request" ? .requestBody : .responseBody
  }

  /// The key of member `index` of `object` if it is one of `names` and no later member has it.
  private static func lastMember(_ object: JSONObject, _ index: Int, named names: [String])
    -> String?
  {
    guard index < object.count else { return nil }
    let key = object[index].key
    guard names.contains(where: { same($0, key) }),
      !object.members[(index + 1)...].contains(where: { same($0.key, key) })
    else { return nil }
    return key
  }

  private static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

  /// Sets the value at `path` (indices of members and elements) in `value`.
  static func set(_ value: inout JSONValue, at path: ArraySlice<Int>, to new: JSONValue) {
    guard let first = path.first else {
      value = new
      return
    }
    switch value {
    case .object(var object) where first < object.count:
      // Taken out first, so that the containers are changed in place, not copied.
      value = .null
      set(&object.members[first].value, at: path.dropFirst(), to: new)
      value = .object(object)
    case .array(var items) where first < items.count:
      value = .null
      set(&items[first], at: path.dropFirst(), to: new)
      value = .array(items)
    default: break
    }
  }

  /// Whether `bytes` are well-formed UTF-8 (the rule `String` repairs by).
  static func isUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
  }
}
