import Foundation
import GraphAPI
import GraphJSON

/// Recorders whose files are imported (and exported) besides HAR and VCR: ExVCR's JSON
/// cassettes (Elixir; what exfacebook's tests use) and WireMock stub mappings. Betamax (Python)
/// writes Ruby VCR's JSON structure and Polly.JS writes HAR, so those read as `vcr` and `har`.
enum RecorderCodecs {
  /// Where WireMock's host-less URLs are put.
  static let wireMockBase = "https://graph.facebook.com"

  // MARK: ExVCR

  /// Whether `value` is an ExVCR cassette: an array of `{request: {url}, response: {status_code}}`.
  static func isExVCR(_ value: JSONDocument.Value) -> Bool {
    guard value.kind == .array, let first = value[0] else { return false }
    return first["request"]?["url"] != nil && first["response"]?["status_code"] != nil
  }

  static func decodeExVCR(_ value: JSONValue, reader: FieldReader) throws(CassetteError) -> Cassette
  {
    var cassette = Cassette()
    cassette.recordedWith = "ExVCR"
    for (index, item) in try reader.array(value, "(top level)").enumerated() {
      let r = reader.entry(index)
      let item = try r.object(item, "(entry)")
      let req = try r.object(item["request"], "request")
      let url = try r.string(req["url"], "request.url")
      guard URLParts(url) != nil else {
        throw r.error("request.url", "'\(url)' is not an absolute http(s) URL")
      }
      var body = req["body"]?.stringValue ?? ""
      if body.isEmpty { body = req["request_body"]?.stringValue ?? "" }
      let request = HTTPRequest(
        method: try r.string(req["method"], "request.method").uppercased(), url: url,
        headers: try headers(req["headers"], r, "request.headers"), body: Array(body.utf8))
      let res = try r.object(item["response"], "response")
      var responseBody = Array((res["body"]?.stringValue ?? "").utf8)
      if res["binary"]?.boolValue == true {
        responseBody = try erlangBinary(
          r.base64(r.string(res["body"], "response.body"), "response.body"), r)
      }
      let response = HTTPResponse(
        status: try r.status(res["status_code"], "response.status_code"),
        headers: try headers(res["headers"], r, "response.headers"), body: responseBody)
      cassette.interactions.append(
        Interaction(request: request, response: response, recordedAt: ""))
    }
    return cassette
  }

  static func encodeExVCR(_ cassette: Cassette) -> JSONValue {
    .array(
      cassette.interactions.map { i in
        let text = BodyCodec.utf8Text(i.response.body)
        return [
          "request": [
            "body": .string(String(decoding: i.request.body, as: UTF8.self)),
            "headers": pairs(i.request.headers), "method": .string(i.request.method.lowercased()),
            "options": [], "request_body": "", "url": .string(i.request.url),
          ],
          "response": [
            "binary": .bool(text == nil),
            "body": .string(
              text
                ?? Data([131, 109] + bigEndian(i.response.body.count) + i.response.body)
                .base64EncodedString()),
            "headers": pairs(i.response.headers),
            "status_code": .number(JSONNumber(i.response.status)), "type": "ok",
          ],
        ]
      })
  }

  /// Headers as ExVCR and WireMock write them: an object, a list of `[name, value]`, or a
  /// list of one-member objects; values may be lists.
  private static func headers(_ value: JSONValue?, _ r: FieldReader, _ field: String)
    throws(CassetteError) -> HTTPHeaders
  {
    var out = HTTPHeaders()
    switch value {
    case .object(let object)?:
      for member in object.members {
        for item in member.value.arrayValue ?? [member.value] {
          out.add(member.key, try r.scalarText(item, "\(field).\(member.key)"))
        }
      }
    case .array(let items)?:
      for (i, item) in items.enumerated() {
        if let pair = item.arrayValue, pair.count == 2 {
          out.add(
            try r.string(pair[0], "\(field)[\(i)][0]"),
            try r.scalarText(pair[1], "\(field)[\(i)][1]"))
        } else if case .object(let o) = item, o.members.count == 1 {
          out.add(o.members[0].key, try r.scalarText(o.members[0].value, "\(field)[\(i)]"))
        } else {
          throw r.error("\(field)[\(i)]", "expected [name, value], found \(item.kindName)")
        }
      }
    case .null?, nil: break
    case let other?: throw r.error(field, "expected an object or a list, found \(other.kindName)")
    }
    return out
  }

  private static func pairs(_ headers: HTTPHeaders) -> JSONValue {
    .array(headers.map { [.string($0.name), .string($0.value)] })
  }

  /// The bytes of an Erlang external-term binary (`term_to_binary(<<...>>)`: 131, 109, length).
  private static func erlangBinary(_ bytes: [UInt8], _ r: FieldReader) throws(CassetteError)
    -> [UInt8]
  {
    guard bytes.count >= 6, bytes[0] == 131, bytes[1] == 109 else {
      throw r.error("response.body", "a binary body that is not an Erlang binary term")
    }
    let length = bytes[2..<6].reduce(0) { $0 << 8 | Int($1) }
    guard bytes.count - 6 == length else {
      throw r.error(
        "response.body", "the Erlang binary says \(length) bytes, holds \(bytes.count - 6)")
    }
    return Array(bytes[6...])
  }

  private static func bigEndian(_ n: Int) -> [UInt8] {
    [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
  }

  // MARK: WireMock

  /// Whether `value` is WireMock: `{mappings: [...]}` or one `{request, response}` mapping.
  static func isWireMock(_ value: JSONDocument.Value) -> Bool {
    if value["mappings"]?.kind == .array { return true }
    return value["request"]?["method"] != nil && value["response"]?["status"] != nil
  }

  static func decodeWireMock(
    _ value: JSONValue, reader: FieldReader, notes: inout [String]
  ) throws(CassetteError) -> Cassette {
    if let root = value.objectValue { try reader.unique(root.keys, "(top level)") }
    let mappings =
      value["mappings"] != nil ? try reader.array(value["mappings"], "mappings") : [value]
    var cassette = Cassette()
    cassette.recordedWith = "WireMock"
    for (index, mapping) in mappings.enumerated() {
      let r = reader.entry(index)
      let mapping = try r.object(mapping, "(mapping)")
      let req = try r.object(mapping["request"], "request")
      guard let target = req["url"]?.stringValue ?? req["urlPath"]?.stringValue else {
        let kind = ["urlPattern", "urlPathPattern"].first { req[$0] != nil } ?? "no url"
        notes.append("mapping \(index + 1) matches by \(kind), not one URL; left out")
        continue
      }
      var url = wireMockBase + (target.hasPrefix("/") ? "" : "/") + target
      if req["url"] == nil, case .object(let query)? = req["queryParameters"] {
        var items = QueryItems()
        for member in query.members {
          guard let equal = member.value["equalTo"]?.stringValue else { continue }
          items.append(member.key, equal)
        }
        if !items.isEmpty { url += "?" + items.queryString }
      }
      var request = HTTPRequest(
        method: (req["method"]?.stringValue ?? "GET").uppercased(), url: url)
      if case .object(let headers)? = req["headers"] {
        for member in headers.members {
          if let equal = member.value["equalTo"]?.stringValue {
            request.headers.add(member.key, equal)
          }
        }
      }
      if let patterns = req["bodyPatterns"]?.arrayValue, let first = patterns.first {
        if let text = first["equalTo"]?.stringValue {
          request.body = Array(text.utf8)
        } else if let json = first["equalToJson"] {
          request.body = Array((json.stringValue ?? json.compactText).utf8)
        }
      }
      let res = try r.object(mapping["response"], "response")
      var response = HTTPResponse(
        status: res["status"] == nil ? 200 : try r.status(res["status"], "response.status"),
        headers: try headers(res["headers"], r, "response.headers"))
      if let text = res["body"]?.stringValue {
        response.body = Array(text.utf8)
      } else if let json = res["jsonBody"] {
        response.body = Array(json.compactText.utf8)
      } else if let b64 = res["base64Body"] {
        response.body = try r.base64(r.string(b64, "response.base64Body"), "response.base64Body")
      }
      cassette.interactions.append(
        Interaction(request: request, response: response, recordedAt: ""))
    }
    return cassette
  }

  static func encodeWireMock(_ cassette: Cassette) -> JSONValue {
    let mappings = cassette.interactions.map { i -> JSONValue in
      let target = URLParts(i.request.url).map { $0.path + ($0.query.map { "?\($0)" } ?? "") }
      var response = JSONObject()
      response.append("status", .number(JSONNumber(i.response.status)))
      var headers = JSONObject()
      for field in i.response.headers where headers[field.name] == nil {
        headers.append(field.name, .string(field.value))
      }
      response.append("headers", .object(headers))
      if let text = BodyCodec.utf8Text(i.response.body) {
        response.append("body", .string(text))
      } else {
        response.append("base64Body", .string(Data(i.response.body).base64EncodedString()))
      }
      return [
        "request": [
          "method": .string(i.request.method.uppercased()), "url": .string(target ?? i.request.url),
        ],
        "response": .object(response),
      ]
    }
    var root = JSONObject()
    root.append("mappings", .array(mappings))
    return .object(root)
  }
}
