import GraphAPI
import GraphJSON

/// The native cassette format: `Cassette` to and from its JSON document, keys in a fixed order.
enum NativeCodec {
  /// The first member of every native cassette; its value is the format version.
  static let formatKey = "graph_explorer_cassette"
  /// The member holding the interactions.
  static let interactionsKey = "interactions"

  static func encode(_ cassette: Cassette) -> JSONValue {
    var root = JSONObject()
    root.append(formatKey, .number(JSONNumber(Cassette.formatVersion)))
    if let with = cassette.recordedWith { root.append("recorded_with", .string(with)) }
    root.append(interactionsKey, .array(cassette.interactions.map(encode)))
    return .object(root)
  }

  static func encode(_ interaction: Interaction) -> JSONValue {
    var none: [String: JSONPrinter.StringList]?
    return encode(interaction, splices: &none)
  }

  /// As `encode(_:)`; with `splices` given, a header with packed values longer than
  /// `spliceLength` holds one marker string, whose list `splices` gets, for
  /// `JSONPrinter.write(_:chunkSize:splicing:to:)` to print the values from their bytes.
  static func encode(
    _ interaction: Interaction, splices: inout [String: JSONPrinter.StringList]?
  ) -> JSONValue {
    encode(interaction, splices: &splices) { BodyCodec.encodeResponse($0) }
  }

  /// As `encode(_:)`, except that a response body stored `{"json": ...}` holds `marker` in
  /// place of its value, and its document is given back to be printed there
  /// (`BodyCodec.encodeResponse(_:jsonMarker:)`).
  static func encode(_ interaction: Interaction, jsonMarker marker: String)
    -> (value: JSONValue, json: JSONDocument?)
  {
    var none: [String: JSONPrinter.StringList]?
    var json: JSONDocument?
    let value = encode(interaction, splices: &none) { response in
      let stored = BodyCodec.encodeResponse(response, jsonMarker: marker)
      json = stored.json
      return (stored.headers, stored.body)
    }
    return (value, json)
  }

  private static func encode(
    _ interaction: Interaction, splices: inout [String: JSONPrinter.StringList]?,
    response storing: (HTTPResponse) -> (headers: HTTPHeaders, body: JSONValue?)
  ) -> JSONValue {
    var request = JSONObject()
    request.append("method", .string(interaction.request.method))
    request.append("url", .string(interaction.request.url))
    request.append("headers", encode(interaction.request.headers, splices: &splices))
    if let body = BodyCodec.encode(
      interaction.request.body, contentType: interaction.request.headers["Content-Type"])
    {
      request.append("body", body)
    }
    var response = JSONObject()
    response.append("status", .number(JSONNumber(interaction.response.status)))
    let stored = storing(interaction.response)
    response.append("headers", encode(stored.headers, splices: &splices))
    if let body = stored.body { response.append("body", body) }
    var object = JSONObject()
    object.append("request", .object(request))
    object.append("response", .object(response))
    object.append("recorded_at", .string(interaction.recordedAt))
    object.append("duration_ms", .number(JSONNumber(milliseconds(interaction.duration))))
    if let expect = interaction.expect, !expect.isEmpty {
      object.append("expect", ExpectationCodec.encode(expect))
    }
    return .object(object)
  }

  /// Headers as an object in order; a name that repeats holds an array of its values.
  static func encode(_ headers: HTTPHeaders) -> JSONValue {
    var none: [String: JSONPrinter.StringList]?
    return encode(headers, splices: &none)
  }

  /// Lists of more values than this, some packed, are spliced when printed (`encode(_:splices:)`).
  static let spliceLength = 64

  /// A string no cassette holds: a random number for the process, and the list's number.
  static func spliceMarker(_ n: Int) -> String {
    "\u{0}graph-explorer spliced list \(n) \(spliceNonce)"
  }
  private static let spliceNonce = String(UInt64.random(in: .min ... .max), radix: 36)

  static func encode(_ headers: HTTPHeaders, splices: inout [String: JSONPrinter.StringList]?)
    -> JSONValue
  {
    if splices != nil, headers.holdsPackedValues {
      return spliced(headers, splices: &splices)
    }
    // Values gathered per name first, then made into members once: appending to a member's
    // array in place copied it for each value (quadratic in a header's repeats).
    var names: [String] = []
    var values: [[JSONValue]] = []
    var seen: [String: Int] = [:]
    for field in headers {
      let key = field.name.lowercased()
      if let index = seen[key] {
        values[index].append(.string(field.value))
      } else {
        seen[key] = names.count
        names.append(field.name)
        values.append([.string(field.value)])
      }
    }
    var object = JSONObject()
    for (name, list) in zip(names, values) {
      object.append(name, list.count == 1 ? list[0] : .array(list))
    }
    return .object(object)
  }

  /// `encode(_:)` of headers holding packed values, grouping runs of fields by name, with a
  /// marker for each long list.
  private static func spliced(
    _ headers: HTTPHeaders, splices: inout [String: JSONPrinter.StringList]?
  ) -> JSONValue {
    var names: [String] = []
    var runs: [[Range<Int>]] = []
    var seen: [String: Int] = [:]
    headers.forEachRun { name, positions in
      let key = name.lowercased()
      if let index = seen[key] {
        runs[index].append(positions)
      } else {
        seen[key] = names.count
        names.append(name)
        runs.append([positions])
      }
    }
    var object = JSONObject()
    for (name, list) in zip(names, runs) {
      let count = list.reduce(0) { $0 + $1.count }
      if count == 1 {
        object.append(name, .string(headers[list[0].lowerBound].value))
      } else if count <= spliceLength {
        object.append(name, .array(list.flatMap { $0.map { .string(headers[$0].value) } }))
      } else {
        let marker = spliceMarker(splices?.count ?? 0)
        splices?[marker] = { item in
          for positions in list { for p in positions { headers.withValue(at: p, item) } }
        }
        object.append(name, .array([.string(marker)]))
      }
    }
    return .object(object)
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return (ms * 1000).rounded() / 1000
  }

  /// - Parameter inflateTotal: what the cassette's `{"gzip": ...}` bodies may inflate to together.
  /// As `decode(_:path:inflateTotal:)`, from a parsed document: the root is checked as a tree
  /// without its interactions, then each interaction is made a tree and decoded in turn, so
  /// the trees of all of them never exist at once (a 69 MB cassette's tree is several times
  /// the file). A document whose interactions are not a list is decoded from its tree.
  static func decode(
    _ document: JSONDocument, path: String, inflateTotal: Int = InflateBudget.defaultTotal
  ) throws(CassetteError) -> Cassette {
    guard let items = document.root["interactions"], items.kind == .array else {
      return try decode(document.jsonValue, path: path, inflateTotal: inflateTotal)
    }
    // The root's members as trees, the interactions (the last member of the name, the one a
    // lookup finds) as an empty list.
    let members = Array(document.root.members)
    let last = members.lastIndex { $0.key.utf8.elementsEqual("interactions".utf8) }
    var shell = JSONObject()
    for (index, member) in members.enumerated() {
      shell.append(member.key, index == last ? .array([]) : member.value.jsonValue)
    }
    var cassette = try decode(.object(shell), path: path, inflateTotal: inflateTotal)
    cassette.interactions.reserveCapacity(items.count)
    let budget = InflateBudget(total: inflateTotal)
    var index = 0
    // The tape of the interactions already decoded is given back as the next is read.
    try items.forEachElementReleasingThePast { item throws(CassetteError) in
      let r = FieldReader(path: path, interaction: index, inflateBudget: budget)
      cassette.interactions.append(try decodeInteraction(item.jsonValue, reader: r))
      index += 1
    }
    return cassette
  }

  static func decode(
    _ value: JSONValue, path: String, inflateTotal: Int = InflateBudget.defaultTotal
  ) throws(CassetteError) -> Cassette {
    let reader = FieldReader(path: path, interaction: nil)
    let root = try reader.object(value, "(top level)")
    guard let version = root[formatKey] else {
      throw reader.error(
        formatKey,
        "missing: this is not a graph-explorer cassette (import other formats with "
          + "'graph-explorer import')")
    }
    let number = try reader.number(version, formatKey)
    guard let v = number.intValue, v >= 1 else {
      throw reader.error(formatKey, "expected a positive integer version, found \(number.text)")
    }
    guard v <= Cassette.formatVersion else {
      throw .unsupportedVersion(path: path, version: number.text)
    }
    var cassette = Cassette()
    if let with = root["recorded_with"] {
      cassette.recordedWith = try reader.string(with, "recorded_with")
    }
    let items = try reader.array(root["interactions"], "interactions")
    cassette.interactions.reserveCapacity(items.count)
    let budget = InflateBudget(total: inflateTotal)
    for (index, item) in items.enumerated() {
      let r = FieldReader(path: path, interaction: index, inflateBudget: budget)
      cassette.interactions.append(try decodeInteraction(item, reader: r))
    }
    return cassette
  }

  static func decodeInteraction(_ value: JSONValue, reader r: FieldReader) throws(CassetteError)
    -> Interaction
  {
    let object = try r.object(value, "(interaction)")
    let req = try r.object(object["request"], "request")
    let method = try r.string(req["method"], "request.method")
    guard !method.isEmpty, method.allSatisfy({ $0.isLetter }) else {
      throw r.error("request.method", "'\(method)' is not an HTTP method")
    }
    let url = try r.string(req["url"], "request.url")
    guard URLParts(url) != nil else {
      throw r.error("request.url", "'\(url)' is not an absolute http(s) URL")
    }
    let request = HTTPRequest(
      method: method, url: url,
      headers: try decodeHeaders(req["headers"], reader: r, field: "request.headers"),
      body: try BodyCodec.decode(req["body"], reader: r, field: "request.body"))
    let res = try r.object(object["response"], "response")
    let status = try r.status(res["status"], "response.status")
    var duration = Duration.zero
    if let ms = object["duration_ms"] {
      duration = try r.milliseconds(ms, "duration_ms")
    }
    let stored = try BodyCodec.decodeResponse(
      res["body"], headers: try decodeHeaders(res["headers"], reader: r, field: "response.headers"),
      reader: r, field: "response.body")
    let response = HTTPResponse(
      status: status, headers: stored.headers, body: stored.body, duration: duration,
      received: stored.received)
    let recordedAt = try object["recorded_at"].map { v throws(CassetteError) in
      try r.string(v, "recorded_at")
    }
    let expect = try object["expect"].map { v throws(CassetteError) in
      try ExpectationCodec.decode(v, reader: r)
    }
    return Interaction(
      request: request, response: response, recordedAt: recordedAt ?? "", expect: expect)
  }

  static func decodeHeaders(_ value: JSONValue?, reader r: FieldReader, field: String)
    throws(CassetteError) -> HTTPHeaders
  {
    guard let value, !value.isNull else { return [:] }
    var headers = HTTPHeaders()
    let served = field.hasPrefix("response")
    for member in try r.object(value, field).members {
      let name = "\(field).\(member.key)"
      func add(_ text: String) throws(CassetteError) {
        if served, let problem = ResponseHeaderRule.problem(name: member.key, value: text) {
          throw r.error(field, problem)
        }
        headers.add(member.key, text)
      }
      if let values = member.value.arrayValue {
        for (i, item) in values.enumerated() {
          try add(try r.string(item, "\(name)[\(i)]"))
        }
      } else {
        try add(try r.string(member.value, name))
      }
    }
    return headers
  }
}
