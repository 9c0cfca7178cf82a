import GraphJSON

/// A batch request: up to 50 operations sent as one `POST /` with a `batch` form field.
public struct GraphBatch: Sendable, Hashable {
  /// The most operations Graph accepts in one batch.
  public static let maxOperations = 50

  public var operations: [GraphBatchOperation]
  /// `include_headers`: `false` drops each item's headers from the answer; `nil` leaves it out.
  public var includeHeaders: Bool?
  /// Files the operations name in `attached_files`; each upload's `name` is its part name.
  public var uploads: [GraphUpload]

  public init(
    _ operations: [GraphBatchOperation], includeHeaders: Bool? = nil, uploads: [GraphUpload] = []
  ) {
    self.operations = operations
    self.includeHeaders = includeHeaders
    self.uploads = uploads
  }

  /// The `batch` field: the operations as a compact JSON array.
  public var batchField: String {
    JSONValue.array(operations.map(\.json)).compactText
  }

  /// The `POST /` that sends this batch.
  /// - Throws: `GraphAPIError.tooManyBatchOperations` past 50 operations, `.malformedBatch` when
  ///   an operation names an attached file that is not among `uploads`.
  public func request(
    accessToken: String? = nil, appSecret: String? = nil, version: String? = nil
  ) throws(GraphAPIError) -> GraphRequest {
    guard operations.count <= Self.maxOperations else {
      throw .tooManyBatchOperations(count: operations.count, limit: Self.maxOperations)
    }
    let names = Set(uploads.map(\.name))
    for (index, operation) in operations.enumerated() {
      for file in operation.attachedFiles where !names.contains(file) {
        throw .malformedBatch(
          reason: "operation \(index) attaches '\(file)', which is not uploaded")
      }
    }
    var parameters: QueryItems = ["batch": batchField]
    if let includeHeaders {
      parameters.append("include_headers", includeHeaders ? "true" : "false")
    }
    return GraphRequest(
      .post, "", parameters: parameters, uploads: uploads, version: version,
      accessToken: accessToken, appSecret: appSecret)
  }

  /// Reads a batch as Graph receives it: the `batch` field's JSON array and `include_headers`.
  /// - Throws: `GraphAPIError.malformedBatch` naming the operation and what is wrong, or
  ///   `.tooManyBatchOperations`.
  public init(
    batchField: String, includeHeaders: String? = nil, uploads: [GraphUpload] = []
  ) throws(GraphAPIError) {
    let json: JSONValue
    do {
      json = try JSONParser.parse(batchField)
    } catch {
      throw .malformedBatch(reason: "the batch parameter is not JSON (\(error))")
    }
    guard let array = json.arrayValue else {
      throw .malformedBatch(reason: "the batch parameter must be a JSON array")
    }
    guard array.count <= Self.maxOperations else {
      throw .tooManyBatchOperations(count: array.count, limit: Self.maxOperations)
    }
    var operations: [GraphBatchOperation] = []
    for (index, item) in array.enumerated() {
      operations.append(try Self.operation(item, index: index))
    }
    self.init(
      operations, includeHeaders: includeHeaders.map { $0.lowercased() != "false" },
      uploads: uploads)
  }

  private static func operation(_ item: JSONValue, index: Int) throws(GraphAPIError)
    -> GraphBatchOperation
  {
    guard case .object = item else {
      throw .malformedBatch(
        reason: "operation \(index) is \(GraphAPIError.withArticle(item.kindName)), not an object")
    }
    guard let relativeURL = item["relative_url"]?.stringValue else {
      throw .malformedBatch(reason: "operation \(index) has no relative_url")
    }
    var method = GraphMethod.get
    if let text = item["method"]?.stringValue {
      guard let known = GraphMethod(name: text) else {
        throw .malformedBatch(reason: "operation \(index) has unsupported method '\(text)'")
      }
      method = known
    }
    var body: String?
    switch item["body"] {
    case .string(let text)?: body = text
    case .object(let object)?:
      body =
        QueryItems(
          object.members.map {
            .init(name: $0.key, value: $0.value.stringValue ?? $0.value.compactText)
          }
        ).formEncoded
    default: body = nil
    }
    return GraphBatchOperation(
      method: method, relativeURL: relativeURL, body: body, name: item["name"]?.stringValue,
      dependsOn: item["depends_on"]?.stringValue,
      omitResponseOnSuccess: item["omit_response_on_success"]?.boolValue,
      attachedFiles: item["attached_files"]?.stringValue.map {
        $0.split(separator: ",").map { $0.trimmingSpaces }
      } ?? [])
  }
}
