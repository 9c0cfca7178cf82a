import GraphJSON

/// `expect` objects in the native format:
/// `{"status": 400, "error_code": 200, "error_subcode": 463, "json": {"path": value}, "absent": ["path"]}`.
enum ExpectationCodec {
  static func encode(_ e: Expectation) -> JSONValue {
    var object = JSONObject()
    if let s = e.status { object.append("status", .number(JSONNumber(s))) }
    if let c = e.errorCode { object.append("error_code", .number(JSONNumber(c))) }
    if let c = e.errorSubcode { object.append("error_subcode", .number(JSONNumber(c))) }
    if !e.values.isEmpty {
      object.append(
        "json",
        .object(JSONObject(e.values.map { .init(key: $0.path.description, value: $0.value) })))
    }
    if !e.absent.isEmpty {
      object.append("absent", .array(e.absent.map { .string($0.description) }))
    }
    return .object(object)
  }

  static func decode(_ value: JSONValue, reader r: FieldReader) throws(CassetteError)
    -> Expectation
  {
    let object = try r.object(value, "expect")
    let known: Set<String> = ["status", "error_code", "error_subcode", "json", "absent"]
    if let unknown = object.keys.first(where: { !known.contains($0) }) {
      throw r.error(
        "expect.\(unknown)",
        "unknown assertion (expected status, error_code, error_subcode, json or absent)")
    }
    var e = Expectation()
    if let v = object["status"] { e.status = try r.int(v, "expect.status") }
    if let v = object["error_code"] { e.errorCode = try r.int(v, "expect.error_code") }
    if let v = object["error_subcode"] { e.errorSubcode = try r.int(v, "expect.error_subcode") }
    if let v = object["json"] {
      for member in try r.object(v, "expect.json").members {
        guard let path = ValuePath(parsing: member.key) else {
          throw r.error("expect.json", "'\(member.key)' is not a JSON path such as data[0].id")
        }
        e.values.append(.init(path: path, value: member.value))
      }
    }
    if let v = object["absent"] {
      for (i, item) in try r.array(v, "expect.absent").enumerated() {
        e.absent.append(try r.path(item, "expect.absent[\(i)]"))
      }
    }
    return e
  }
}
