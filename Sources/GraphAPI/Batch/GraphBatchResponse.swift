import GraphJSON

/// A batch answer: an array with one item per operation, `null` for an operation whose answer
/// was omitted (a referenced parent without `omit_response_on_success:false`).
public struct GraphBatchResponse: Sendable, Hashable {
  /// One operation's answer: `{"code":200,"headers":[{"name","value"}],"body":"<JSON text>"}`.
  public struct Item: Sendable, Hashable {
    public var code: Int
    /// `nil` when the batch was sent with `include_headers=false`.
    public var headers: HTTPHeaders?
    /// The body text as Graph sent it (a string holding JSON).
    public var body: String

    public init(code: Int, headers: HTTPHeaders? = nil, body: String) {
      self.code = code
      self.headers = headers
      self.body = body
    }

    /// The body parsed as JSON, or `nil` when it is not JSON.
    public var json: JSONValue? { try? JSONParser.parse(body) }

    /// The Graph error in the body, if any.
    public var error: GraphErrorBody? { json.flatMap(GraphErrorBody.init(json:)) }

    /// This item as an `HTTPResponse`.
    public var response: HTTPResponse {
      HTTPResponse(status: code, headers: headers ?? [:], body: Array(body.utf8))
    }

    /// The item's JSON object: `code`, `headers` (when present), `body`.
    public var jsonValue: JSONValue {
      var object = JSONObject()
      object.append("code", .number(JSONNumber(code)))
      if let headers {
        object.append(
          "headers",
          .array(headers.map { ["name": .string($0.name), "value": .string($0.value)] }))
      }
      object.append("body", .string(body))
      return .object(object)
    }
  }

  /// One entry per operation, `nil` where Graph answered `null`.
  public var items: [Item?]

  public init(items: [Item?]) { self.items = items }

  /// Reads a batch answer body.
  /// - Throws: `GraphAPIError.malformedBatch` saying which item is not what Graph sends.
  public init(parsing body: [UInt8]) throws(GraphAPIError) {
    let json: JSONValue
    do {
      json = try JSONParser.parse(body)
    } catch {
      throw .malformedBatch(reason: "the answer is not JSON (\(error))")
    }
    guard let array = json.arrayValue else {
      throw .malformedBatch(
        reason: "the answer is \(GraphAPIError.withArticle(json.kindName)), not an array")
    }
    var items: [Item?] = []
    for (index, value) in array.enumerated() {
      if value.isNull {
        items.append(nil)
        continue
      }
      guard let code = value["code"]?.numberValue?.intValue else {
        throw .malformedBatch(reason: "item \(index) has no numeric code")
      }
      var headers: HTTPHeaders?
      if let list = value["headers"]?.arrayValue {
        headers = HTTPHeaders(
          list.map {
            .init(name: $0["name"]?.stringValue ?? "", value: $0["value"]?.stringValue ?? "")
          })
      }
      let bodyText: String
      switch value["body"] {
      case .string(let text)?: bodyText = text
      case nil, .null?: bodyText = ""
      case let other?: bodyText = other.compactText
      }
      items.append(Item(code: code, headers: headers, body: bodyText))
    }
    self.items = items
  }

  /// The answer body: the items as a JSON array.
  public var json: JSONValue { .array(items.map { $0?.jsonValue ?? .null }) }
}
