import Foundation
import GraphAPI
import GraphJSON
import GraphYAML

/// Ruby VCR's cassette structure (the same keys in its JSON and YAML serializers) and vcrpy's.
/// Header values are lists; exact bytes that are not UTF-8 use `base64_string` (Ruby VCR's
/// `ASCII-8BIT` form; for vcrpy an extension graph-explorer reads back).
enum VCRCodec {
  enum Dialect {
    case ruby
    case python

    var name: String { self == .ruby ? "Ruby VCR" : "vcrpy" }
  }

  /// - Parameter yaml: for vcrpy's YAML serializer, bytes that are not UTF-8 are written as
  ///   vcrpy writes them, YAML `!!binary` (a `{"!binary": base64}` marker `YAMLWriter` emits).
  static func encode(_ cassette: Cassette, dialect: Dialect, yaml: Bool = false) -> JSONValue {
    var root = JSONObject()
    let items = JSONValue.array(
      cassette.interactions.map { interaction($0, dialect, binaryTag: dialect == .python && yaml) })
    switch dialect {
    case .ruby:
      root.append("http_interactions", items)
      root.append("recorded_with", .string(cassette.recordedWith ?? "graph-explorer"))
    case .python:
      root.append("interactions", items)
      root.append("version", 1)
    }
    return .object(root)
  }

  private static func headers(_ headers: HTTPHeaders) -> JSONValue {
    // Values gathered per exact name (its bytes, as JSON compares member names) first:
    // linear in a header's repeats.
    var names: [String] = []
    var values: [[JSONValue]] = []
    var seen: [[UInt8]: Int] = [:]
    for field in headers {
      if let index = seen[Array(field.name.utf8)] {
        values[index].append(.string(field.value))
      } else {
        seen[Array(field.name.utf8)] = names.count
        names.append(field.name)
        values.append([.string(field.value)])
      }
    }
    var object = JSONObject()
    for (name, list) in zip(names, values) { object.append(name, .array(list)) }
    return .object(object)
  }

  private static func body(
    _ bytes: [UInt8], _ dialect: Dialect, request: Bool, binaryTag tagged: Bool
  ) -> JSONValue {
    let binary: JSONValue = [YAMLReader.binaryTag: .string(Data(bytes).base64EncodedString())]
    if dialect == .python, request {
      // vcrpy keeps request bodies as a bare string, bytes (`!!binary`) or null.
      if bytes.isEmpty { return .null }
      if let text = BodyCodec.utf8Text(bytes) { return .string(text) }
      if tagged { return binary }
      return ["base64_string": .string(Data(bytes).base64EncodedString())]
    }
    var object = JSONObject()
    if let text = BodyCodec.utf8Text(bytes) {
      if dialect == .ruby { object.append("encoding", "UTF-8") }
      object.append("string", .string(text))
    } else if tagged {
      object.append("string", binary)
    } else {
      if dialect == .ruby { object.append("encoding", "ASCII-8BIT") }
      object.append("base64_string", .string(Data(bytes).base64EncodedString()))
    }
    return .object(object)
  }

  private static func interaction(_ i: Interaction, _ dialect: Dialect, binaryTag: Bool)
    -> JSONValue
  {
    var request = JSONObject()
    var response = JSONObject()
    let status: JSONValue = [
      "code": .number(JSONNumber(i.response.status)),
      "message": .string(HTTPDates.reason(i.response.status)),
    ]
    var object = JSONObject()
    switch dialect {
    case .ruby:
      request.append("method", .string(i.request.method.lowercased()))
      request.append("uri", .string(i.request.url))
      request.append("body", body(i.request.body, dialect, request: true, binaryTag: binaryTag))
      request.append("headers", headers(i.request.headers))
      response.append("status", status)
      response.append("headers", headers(i.response.headers))
      response.append("body", body(i.response.body, dialect, request: false, binaryTag: binaryTag))
      response.append("http_version", .null)
      object.append("request", .object(request))
      object.append("response", .object(response))
      object.append("recorded_at", .string(Self.recordedAt(i.recordedAt)))
    case .python:
      request.append("body", body(i.request.body, dialect, request: true, binaryTag: binaryTag))
      request.append("headers", headers(i.request.headers))
      request.append("method", .string(i.request.method.uppercased()))
      request.append("uri", .string(i.request.url))
      response.append("body", body(i.response.body, dialect, request: false, binaryTag: binaryTag))
      response.append("headers", headers(i.response.headers))
      response.append("status", status)
      object.append("request", .object(request))
      object.append("response", .object(response))
    }
    return .object(object)
  }

  static func decode(_ value: JSONValue, dialect: Dialect, reader: FieldReader)
    throws(CassetteError) -> Cassette
  {
    let root = try reader.object(value, "(top level)")
    let key = dialect == .ruby ? "http_interactions" : "interactions"
    var cassette = Cassette()
    cassette.recordedWith = root["recorded_with"]?.stringValue
    for (index, item) in try reader.array(root[key], key).enumerated() {
      cassette.interactions.append(try decodeInteraction(item, reader: reader.entry(index)))
    }
    return cassette
  }

  /// `recorded_at` as Ruby VCR reads it (`Time.httpdate`, which refuses `''`): the time as
  /// an HTTP date, or the Unix epoch for an interaction without a readable one (**[choice]**:
  /// earlier than any recording, so a `re_record_interval` re-records it).
  static func recordedAt(_ iso: String) -> String {
    HTTPDates.date(iso: iso).map(HTTPDates.rfc1123(from:))
      ?? HTTPDates.rfc1123(from: Date(timeIntervalSince1970: 0))
  }

  /// As `decode(_:dialect:reader:)`, from a parsed document: each interaction is made a tree
  /// and decoded in turn, so the trees of all of them never exist at once (a 100,000
  /// interaction file's tree is several times the file). A document whose interactions are
  /// not a list is decoded from its tree, for the same errors.
  static func decode(_ document: JSONDocument, dialect: Dialect, reader: FieldReader)
    throws(CassetteError) -> Cassette
  {
    let key = dialect == .ruby ? "http_interactions" : "interactions"
    guard let items = document.root[key], items.kind == .array else {
      return try decode(document.jsonValue, dialect: dialect, reader: reader)
    }
    try reader.unique(document.root, "(top level)")
    var cassette = Cassette()
    cassette.recordedWith = document.root["recorded_with"]?.jsonValue.stringValue
    cassette.interactions.reserveCapacity(items.count)
    var index = 0
    // The tape of the interactions already decoded is given back as the next is read.
    try items.forEachElementReleasingThePast { item throws(CassetteError) in
      cassette.interactions.append(
        try decodeInteraction(item.jsonValue, reader: reader.entry(index)))
      index += 1
    }
    return cassette
  }

  /// - Parameter packed: the value lists the YAML reader kept packed, by member index (where
  ///   the tree holds `[]`).
  private static func decodeHeaders(
    _ value: JSONValue?, _ r: FieldReader, _ field: String,
    packed: [Int: PackedHeaderValues] = [:]
  ) throws(CassetteError) -> HTTPHeaders {
    guard let value, !value.isNull else { return [:] }
    var out = HTTPHeaders()
    for (index, member) in try r.object(value, field).members.enumerated() {
      if let values = packed[index] {
        out.add(member.key, packed: values)
      } else if let list = member.value.arrayValue {
        // Room for the whole list at once (a long one grew by doubling: up to three times its
        // fields' size at the last step), still growing geometrically over many members.
        out.reserveCapacity(out.count + list.count)
        for (i, item) in list.enumerated() {
          out.add(member.key, try headerText(item, r, "\(field).\(member.key)[\(i)]"))
        }
      } else {
        out.add(member.key, try headerText(member.value, r, "\(field).\(member.key)"))
      }
    }
    return out
  }

  /// A header value: a scalar, or the base64 of its bytes as Ruby 1.9 wrote a binary string
  /// (`- !binary |-` and the base64 beneath).
  private static func headerText(_ value: JSONValue, _ r: FieldReader, _ field: String)
    throws(CassetteError) -> String
  {
    if case .object(let object) = value, let binary = object[YAMLReader.binaryTag],
      object.members.count == 1
    {
      return String(decoding: try base64(binary, r, field), as: UTF8.self)
    }
    return try r.scalarText(value, field, nullIsEmpty: true)
  }

  /// - Parameter text: the bytes of the body's text when the YAML reader kept them out of the
  ///   tree (where the tree holds `""`).
  private static func decodeBody(
    _ value: JSONValue?, _ r: FieldReader, _ field: String, text: [UInt8]? = nil
  ) throws(CassetteError) -> [UInt8] {
    guard let value, !value.isNull else { return [] }
    if case .string(let s) = value { return text ?? Array(s.utf8) }
    let object = try r.object(value, field)
    if let binary = object[YAMLReader.binaryTag], object.members.count == 1 {
      return try base64(binary, r, field)
    }
    if let b64 = object["base64_string"] { return try base64(b64, r, field + ".base64_string") }
    guard let string = object["string"], !string.isNull else { return [] }
    if let tagged = string[YAMLReader.binaryTag] { return try base64(tagged, r, field + ".string") }
    let scalar = try r.scalarText(string, field + ".string", nullIsEmpty: true)
    return text ?? Array(scalar.utf8)
  }

  private static func base64(_ value: JSONValue, _ r: FieldReader, _ field: String)
    throws(CassetteError) -> [UInt8]
  {
    let text = try r.string(value, field)
    // Base64 is ASCII: dropping ASCII white space byte by byte is what dropping white space
    // characters does, without Unicode property look-ups; other text keeps the general rule.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return try r.base64(
        String(
          decoding: text.utf8.filter { !($0 == 0x20 || (0x09...0x0D).contains($0)) }, as: UTF8.self),
        field)
    }
    return try r.base64(text.filter { !$0.isWhitespace }, field)
  }

  /// - Parameter kept: the bytes of the request's and the response's body text, and the
  ///   packed header value lists, when the YAML reader kept them out of `value`.
  static func decodeInteraction(
    _ value: JSONValue, reader r: FieldReader, kept: YAMLReader.LargeScalar.Placed = .init()
  ) throws(CassetteError) -> Interaction {
    let object = try r.object(value, "(interaction)")
    let req = try r.object(object["request"], "request")
    let url = try r.string(req["uri"], "request.uri")
    guard URLParts(url) != nil else {
      throw r.error("request.uri", "'\(url)' is not an absolute http(s) URL")
    }
    let request = HTTPRequest(
      // VCR 1.x wrote the method as a Ruby symbol, `:get`.
      method: String(try r.string(req["method"], "request.method").trimmingPrefix(":"))
        .uppercased(), url: url,
      headers: try decodeHeaders(
        req["headers"], r, "request.headers", packed: kept.requestHeaders),
      body: try decodeBody(req["body"], r, "request.body", text: kept.requestBody))
    let res = try r.object(object["response"], "response")
    let statusValue = try r.object(res["status"], "response.status")
    let status = try r.status(statusValue["code"], "response.status.code")
    let response = HTTPResponse(
      status: status,
      headers: try decodeHeaders(
        res["headers"], r, "response.headers", packed: kept.responseHeaders),
      body: try decodeBody(res["body"], r, "response.body", text: kept.responseBody))
    let recordedAt = object["recorded_at"]?.stringValue.map(HTTPDates.rfcToISO) ?? ""
    return Interaction(request: request, response: response, recordedAt: recordedAt)
  }
}
