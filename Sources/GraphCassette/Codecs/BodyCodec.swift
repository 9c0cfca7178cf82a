import Foundation
import GraphAPI
import GraphGzip
import GraphJSON

/// How a body is stored in a native cassette: `{"json": ...}` when it is JSON that prints back
/// to the exact bytes (with a `layout` naming how it was printed when not compact),
/// `{"text": "..."}` for other UTF-8, `{"base64": "..."}` for anything else. Empty bodies are
/// left out. A response body of `compressedFrom` bytes or more that gzip at least halves is
/// stored `{"gzip": "<base64 of the gzip data>"}`; reading one inflates it, never past
/// `maxInflatedBytes` (nor the whole cassette's gzip bodies past `InflateBudget.defaultTotal`, 1 GiB).
enum BodyCodec {
  /// Response bodies this large (1 MiB) or larger are stored compressed when that pays.
  static let compressedFrom = 1 << 20
  /// The most one `{"gzip": ...}` body may inflate to: 64 MiB, the default limit on answers
  /// read from the network (larger bodies are never stored compressed).
  static let maxInflatedBytes = 64 << 20

  /// The stored form of a response body: compressed when it is large and compresses well,
  /// as `encode(_:contentType:)` otherwise.
  static func encodeResponse(_ bytes: [UInt8], contentType: String?) -> JSONValue? {
    if bytes.count >= compressedFrom, bytes.count <= maxInflatedBytes {
      let compressed = Gzip.compress(bytes)
      if compressed.count <= bytes.count / 2 {
        return ["gzip": .string(Data(compressed).base64EncodedString())]
      }
    }
    return encode(bytes, contentType: contentType)
  }

  /// The ways of printing JSON a body may match, tried in order.
  enum Layout: String, CaseIterable {
    case compact
    case escapedSlashes = "escaped_slashes"
    case ascii
    case escapedSlashesASCII = "escaped_slashes_ascii"
    case pretty

    func print(_ value: JSONValue) -> [UInt8] {
      let printed = printer.bytes(value)
      return escapesSlashes ? Self.escapeSlashes(printed) : printed
    }

    /// The same bytes as `print(_:)` of the same value, printed from a parsed document.
    func print(_ value: JSONDocument.Value) -> [UInt8] {
      let printed = printer.bytes(value)
      return escapesSlashes ? Self.escapeSlashes(printed) : printed
    }

    private var printer: JSONPrinter {
      switch self {
      case .compact, .escapedSlashes: return JSONPrinter(options: [])
      case .ascii, .escapedSlashesASCII: return JSONPrinter(options: [.asciiOnly])
      case .pretty: return JSONPrinter(options: [.pretty])
      }
    }

    private var escapesSlashes: Bool { self == .escapedSlashes || self == .escapedSlashesASCII }

    /// `/` only occurs inside strings in JSON text, so escaping every one is safe.
    static func escapeSlashes(_ bytes: [UInt8]) -> [UInt8] {
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 16)
      for b in bytes {
        if b == UInt8(ascii: "/") { out.append(UInt8(ascii: "\\")) }
        out.append(b)
      }
      return out
    }
  }

  /// The stored form of `bytes` sent with `contentType`, or `nil` when empty. A
  /// `multipart/form-data` body that re-encodes to the same bytes is stored part by part:
  /// `{"multipart": {"boundary": "...", "parts": [{"name", "filename", "content_type", "body"}]}}`,
  /// each part's body in one of the forms above, so a photo upload's fields stay readable.
  static func encode(_ bytes: [UInt8], contentType: String?) -> JSONValue? {
    if bytes.isEmpty { return nil }
    if let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
      let form = try? MultipartFormData(parsing: bytes, contentType: contentType),
      form.encoded() == bytes
    {
      var parts: [JSONValue] = []
      for part in form.parts {
        var object = JSONObject()
        object.append("name", .string(part.name))
        if let filename = part.filename { object.append("filename", .string(filename)) }
        if let type = part.contentType { object.append("content_type", .string(type)) }
        if let body = encode(part.body) { object.append("body", body) }
        parts.append(.object(object))
      }
      return ["multipart": ["boundary": .string(form.boundary), "parts": .array(parts)]]
    }
    return encode(bytes)
  }

  /// The stored form of `bytes`, or `nil` when empty.
  static func encode(_ bytes: [UInt8]) -> JSONValue? {
    if bytes.isEmpty { return nil }
    guard let text = utf8Text(bytes) else {
      return ["base64": .string(Data(bytes).base64EncodedString())]
    }
    if let json = json(bytes) {
      // The tree is built only for the body kept as JSON.
      return jsonForm(json.document.jsonValue, layout: json.layout)
    }
    return ["text": .string(text)]
  }

  /// `bytes` parsed, when they are JSON that one of the layouts prints back to exactly (then
  /// they are valid UTF-8 too: the printer writes nothing else).
  static func json(_ bytes: [UInt8]) -> (document: JSONDocument, layout: Layout)? {
    guard
      let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")
        || bytes == Array("true".utf8) || bytes == Array("false".utf8)
        || bytes == Array("null".utf8),
      let document = try? JSONDocument(parsing: bytes)
    else { return nil }
    // Each layout is tried from the tape.
    for layout in Layout.allCases where layout.print(document.root) == bytes {
      return (document, layout)
    }
    return nil
  }

  /// The stored form of a JSON body: `{"json": value}`, with its layout when not compact.
  static func jsonForm(_ value: JSONValue, layout: Layout) -> JSONValue {
    var object = JSONObject()
    object.append("json", value)
    if layout != .compact { object.append("layout", .string(layout.rawValue)) }
    return .object(object)
  }

  /// `bytes` as a string when they are valid UTF-8.
  static func utf8Text(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  /// The bytes a stored body stands for; `field` names it in errors.
  static func decode(_ value: JSONValue?, reader: FieldReader, field: String) throws(CassetteError)
    -> [UInt8]
  {
    guard let value, !value.isNull else { return [] }
    let object = try reader.object(value, field)
    if let json = object["json"] {
      var layout = Layout.compact
      if let name = object["layout"] {
        let text = try reader.string(name, field + ".layout")
        guard let known = Layout(rawValue: text) else {
          throw reader.error(
            field + ".layout",
            "unknown layout '\(text)' (expected one of "
              + Layout.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        layout = known
      }
      return layout.print(json)
    }
    if let text = object["text"] {
      return Array(try reader.string(text, field + ".text").utf8)
    }
    if let multipart = object["multipart"] {
      let m = try reader.object(multipart, field + ".multipart")
      var form = MultipartFormData(
        boundary: try reader.string(m["boundary"], field + ".multipart.boundary"))
      for (i, item) in try reader.array(m["parts"], field + ".multipart.parts").enumerated() {
        let name = "\(field).multipart.parts[\(i)]"
        let p = try reader.object(item, name)
        form.parts.append(
          MultipartFormData.Part(
            name: try reader.string(p["name"], name + ".name"),
            filename: try p["filename"].map { v throws(CassetteError) in
              try reader.string(v, name + ".filename")
            },
            contentType: try p["content_type"].map { v throws(CassetteError) in
              try reader.string(v, name + ".content_type")
            },
            body: try decode(p["body"], reader: reader, field: name + ".body")))
      }
      return form.encoded()
    }
    if let base64 = object["base64"] {
      return try reader.base64(reader.string(base64, field + ".base64"), field + ".base64")
    }
    for form in ["gzip", "deflate"] {
      guard let stored = object[form] else { continue }
      return try inflate(stored, form: form, reader: reader, field: field)
    }
    throw reader.error(
      field,
      "expected one of \"json\", \"text\", \"base64\", \"gzip\", \"deflate\" or \"multipart\"")
  }
}
