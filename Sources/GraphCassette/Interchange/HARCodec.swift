import Foundation
import GraphAPI
import GraphJSON

/// HAR 1.2 (`log.entries[]`): what browser devtools, Charles, Polly.JS and Insomnia write.
/// Expectations travel in the custom `_expect` field, durations in `time` and `timings.wait`.
enum HARCodec {
  static func encode(_ cassette: Cassette) -> JSONValue {
    var creator = JSONObject()
    creator.append("name", "graph-explorer")
    creator.append("version", .string(cassette.recordedWith ?? "graph-explorer"))
    var log = JSONObject()
    log.append("version", "1.2")
    log.append("creator", .object(creator))
    log.append("entries", .array(cassette.interactions.map(entry)))
    return ["log": .object(log)]
  }

  private static func pairs(_ items: [(String, String)]) -> JSONValue {
    .array(items.map { ["name": .string($0.0), "value": .string($0.1)] })
  }

  private static func entry(_ i: Interaction) -> JSONValue {
    let ms = JSONValue.number(JSONNumber(NativeCodec.milliseconds(i.duration)))
    var request = JSONObject()
    request.append("method", .string(i.request.method))
    request.append("url", .string(i.request.url))
    request.append("httpVersion", "HTTP/1.1")
    request.append("cookies", [])
    request.append("headers", pairs(i.request.headers.map { ($0.name, $0.value) }))
    let query = URLParts(i.request.url)?.queryItems.map { ($0.name, $0.value) } ?? []
    request.append("queryString", pairs(query))
    if !i.request.body.isEmpty {
      var post = JSONObject()
      post.append("mimeType", .string(i.request.headers["Content-Type"] ?? ""))
      if let text = BodyCodec.utf8Text(i.request.body) {
        post.append("text", .string(text))
      } else {
        post.append("text", .string(Data(i.request.body).base64EncodedString()))
        post.append("_encoding", "base64")
      }
      request.append("postData", .object(post))
    }
    request.append("headersSize", -1)
    request.append("bodySize", .number(JSONNumber(i.request.body.count)))
    var content = JSONObject()
    content.append("size", .number(JSONNumber(i.response.body.count)))
    content.append("mimeType", .string(i.response.headers["Content-Type"] ?? ""))
    if let text = BodyCodec.utf8Text(i.response.body) {
      content.append("text", .string(text))
    } else {
      content.append("text", .string(Data(i.response.body).base64EncodedString()))
      content.append("encoding", "base64")
    }
    var response = JSONObject()
    response.append("status", .number(JSONNumber(i.response.status)))
    response.append("statusText", .string(HTTPDates.reason(i.response.status)))
    response.append("httpVersion", "HTTP/1.1")
    response.append("cookies", [])
    response.append("headers", pairs(i.response.headers.map { ($0.name, $0.value) }))
    response.append("content", .object(content))
    response.append("redirectURL", .string(i.response.headers["Location"] ?? ""))
    response.append("headersSize", -1)
    response.append("bodySize", .number(JSONNumber(i.response.body.count)))
    var object = JSONObject()
    object.append(
      "startedDateTime", .string(i.recordedAt.isEmpty ? "1970-01-01T00:00:00.000Z" : i.recordedAt))
    object.append("time", ms)
    object.append("request", .object(request))
    object.append("response", .object(response))
    object.append("cache", [:])
    object.append("timings", ["send": 0, "wait": ms, "receive": 0])
    if let e = i.expect, !e.isEmpty { object.append("_expect", ExpectationCodec.encode(e)) }
    return .object(object)
  }

  /// - Parameter notes: gets a line for each entry left out: status 0 is what browsers and
  ///   Charles record for a request that was blocked or failed, with no answer to replay.
  /// - Parameter unanswered: gets those entries (numbered from 1) where they decode, so that
  ///   `audit` still finds the secrets they hold.
  static func decode(
    _ value: JSONValue, reader: FieldReader, notes: inout [String],
    unanswered: inout [(entry: Int, interaction: Interaction)]
  ) throws(CassetteError) -> Cassette {
    let root = try reader.object(value, "(top level)")
    let log = try reader.object(root["log"], "log")
    let entries = try reader.array(log["entries"], "log.entries")
    var cassette = Cassette()
    cassette.recordedWith = recordedWith(log["creator"])
    for (index, item) in entries.enumerated() {
      try decodeItem(
        item, index: index, reader: reader, into: &cassette, notes: &notes,
        unanswered: &unanswered)
    }
    return cassette
  }

  /// As `decode(_:reader:notes:unanswered:)`, from a parsed document: each entry is made a
  /// tree and decoded in turn, so the trees of all the entries never exist at once (a
  /// 100,000-entry file's tree is several times the file). A document whose `log` or
  /// `log.entries` is not what a HAR holds is decoded from its tree, for the same errors.
  static func decode(
    _ document: JSONDocument, reader: FieldReader, notes: inout [String],
    unanswered: inout [(entry: Int, interaction: Interaction)]
  ) throws(CassetteError) -> Cassette {
    guard let log = document.root["log"], log.kind == .object,
      let entries = log["entries"], entries.kind == .array
    else {
      return try decode(
        document.jsonValue, reader: reader, notes: &notes, unanswered: &unanswered)
    }
    try reader.unique(document.root, "(top level)")
    try reader.unique(log, "log")
    var cassette = Cassette()
    cassette.recordedWith = recordedWith(log["creator"]?.jsonValue)
    cassette.interactions.reserveCapacity(entries.count)
    var index = 0
    // The tape of the entries already decoded is given back as the next is read.
    try entries.forEachElementReleasingThePast { item throws(CassetteError) in
      try decodeItem(
        item.jsonValue, index: index, reader: reader, into: &cassette, notes: &notes,
        unanswered: &unanswered)
      index += 1
    }
    return cassette
  }

  /// The tool a HAR's `log.creator` names (for graph-explorer's own, its version).
  private static func recordedWith(_ creator: JSONValue?) -> String? {
    guard let creator = creator?.objectValue, let name = creator["name"]?.stringValue else {
      return nil
    }
    let version = creator["version"]?.stringValue
    return name == "graph-explorer" ? version : name + (version.map { " \($0)" } ?? "")
  }

  /// Decodes entry `index` into `cassette`, or, for status 0, into a note and `unanswered`.
  private static func decodeItem(
    _ item: JSONValue, index: Int, reader: FieldReader, into cassette: inout Cassette,
    notes: inout [String], unanswered: inout [(entry: Int, interaction: Interaction)]
  ) throws(CassetteError) {
    if let status = item["response"]?["status"]?.numberValue?.intValue, status == 0 {
      let url = SecretText.redacted(
        item["request"]?["url"]?.stringValue ?? "?", placeholder: { _ in "***" })
      let reason = item["response"]?["_error"]?.stringValue.map { ": \($0)" } ?? ""
      notes.append(
        "entry \(index + 1) (\(RequestSummary.shown(url))) has status 0, a request that got no answer\(reason); left out"
      )
      if let interaction = try? decodeEntry(item, reader: reader.entry(index)) {
        unanswered.append((index + 1, interaction))
      }
      return
    }
    cassette.interactions.append(try decodeEntry(item, reader: reader.entry(index)))
  }

  private static func headers(_ value: JSONValue?, _ r: FieldReader, _ field: String)
    throws(CassetteError) -> HTTPHeaders
  {
    guard let value else { return [:] }
    var out = HTTPHeaders()
    for (i, item) in try r.array(value, field).enumerated() {
      let o = try r.object(item, "\(field)[\(i)]")
      out.add(
        try r.string(o["name"], "\(field)[\(i)].name"),
        try r.string(o["value"], "\(field)[\(i)].value"))
    }
    return out
  }

  private static func decodeEntry(_ value: JSONValue, reader r: FieldReader) throws(CassetteError)
    -> Interaction
  {
    let entry = try r.object(value, "(entry)")
    let req = try r.object(entry["request"], "request")
    let url = try r.string(req["url"], "request.url")
    guard URLParts(url) != nil else {
      throw r.error("request.url", "'\(url)' is not an absolute http(s) URL")
    }
    var request = HTTPRequest(
      method: try r.string(req["method"], "request.method"), url: url,
      headers: try headers(req["headers"], r, "request.headers"))
    if let post = req["postData"] {
      let p = try r.object(post, "request.postData")
      if let text = p["text"] {
        let string = try r.string(text, "request.postData.text")
        if p["_encoding"]?.stringValue == "base64" {
          request.body = try r.base64(string, "request.postData.text")
        } else {
          request.body = Array(string.utf8)
        }
      } else if let params = p["params"] {
        var items = QueryItems()
        for (i, item) in try r.array(params, "request.postData.params").enumerated() {
          let o = try r.object(item, "request.postData.params[\(i)]")
          items.append(
            try r.string(o["name"], "request.postData.params[\(i)].name"),
            o["value"]?.stringValue ?? "")
        }
        request.body = Array(items.formEncoded.utf8)
      }
    }
    let res = try r.object(entry["response"], "response")
    // Status 0 (no answer) is read for `audit`'s unanswered entries; they are never replayed.
    let written = try r.int(res["status"], "response.status")
    let status = written == 0 ? 0 : try r.status(res["status"], "response.status")
    var response = HTTPResponse(
      status: status, headers: try headers(res["headers"], r, "response.headers"))
    if let content = res["content"] {
      let c = try r.object(content, "response.content")
      if let text = c["text"] {
        let string = try r.string(text, "response.content.text")
        if c["encoding"]?.stringValue == "base64" {
          response.body = try r.base64(string, "response.content.text")
        } else {
          response.body = Array(string.utf8)
        }
      }
    }
    if let time = entry["time"] {
      // HAR writes -1 where a time does not apply: such an entry keeps no duration.
      if let ms = time.numberValue?.doubleValue, ms < 0, ms.isFinite {
        response.duration = .zero
      } else {
        response.duration = try r.milliseconds(time, "time")
      }
    }
    let started = try entry["startedDateTime"].map { v throws(CassetteError) in
      try r.string(v, "startedDateTime")
    }
    let expect = try entry["_expect"].map { v throws(CassetteError) in
      try ExpectationCodec.decode(v, reader: r)
    }
    return Interaction(
      request: request, response: response, recordedAt: started ?? "", expect: expect)
  }
}
