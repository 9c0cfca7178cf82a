import GraphAPI

extension SessionFollower {
  /// `request` as the replaying session sends it: every placeholder and id it learned replaced
  /// by the target's (in the path, query, headers, form and multipart values and batch JSON,
  /// in one pass so that a new value is never rewritten again), then `substitutions` for the
  /// placeholders it has not learned, recorded cursors as the target's, and each
  /// `<APPSECRET_PROOF_n>` as the proof of the token actually sent, keyed with `appSecret`.
  func rewrite(
    _ request: HTTPRequest, substitutions: [String: String], appSecret: String?
  ) -> HTTPRequest {
    var out = request
    let replace = { (text: String) -> String in
      String(decoding: rewrite(Array(text.utf8), substitutions), as: UTF8.self)
    }
    out.url = cursors.following(replace(request.url))
    if let mark = out.url.firstIndex(of: "?") {
      out.url = out.url[...mark] + followingForm(String(out.url[out.url.index(after: mark)...]))
    }
    out.headers = HTTPHeaders(
      request.headers.map { .init(name: $0.name, value: replace($0.value)) })
    out.body = rewrite(request.body, substitutions)
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    if !formValues.isEmpty, type.hasPrefix("application/x-www-form-urlencoded") {
      out.body = Array(followingForm(String(decoding: out.body, as: UTF8.self)).utf8)
    }
    guard let appSecret, Self.hasProofPlaceholder(out), let token = Self.sentToken(out) else {
      return out
    }
    let proof = Array(AppSecretProof.make(accessToken: token, appSecret: appSecret).utf8)
    out.url = String(decoding: Self.replacingProofs(Array(out.url.utf8), proof), as: UTF8.self)
    out.body = Self.replacingProofs(out.body, proof)
    return out
  }

  /// A recorded answer with what the session learned put in: the token a recorded
  /// `<ACCESS_TOKEN_2>` stands for is the target's, so an answer holding it agrees; so are
  /// the ids and a minted object's texts (a test user's name and email).
  func resolved(_ response: HTTPResponse) -> HTTPResponse {
    guard !values.isEmpty || !formValues.isEmpty || !texts.isEmpty else { return response }
    var out = response
    if response.headers["Content-Type"]?.lowercased().hasPrefix("text/html") == true,
      response.headers["Content-Encoding"] == nil
    {
      out.body = rewrite(resolvedPage(response.body), [:])
    } else if var json = CassetteVerifier.json(of: response) {
      if !texts.isEmpty { json = replacingTexts(json) }
      out.body = rewrite(Array(json.compactText.utf8), [:])
      out.headers["Content-Encoding"] = nil
    } else if response.headers["Content-Encoding"] == nil {
      out.body = rewrite(response.body, [:])
    }
    return out
  }

  /// The target's answer with each secret `substitutions` sent put back as its placeholder,
  /// as the recording's redaction wrote it: Graph echoed a name sent in the path (`(#803) Some
  /// of the aliases you requested do not exist: <APP_SECRET_1>`), so the emulator's echo of
  /// the secret sent there agrees, and no drift line prints it. Ids (all digits) and values
  /// shorter than 8 characters stay (an app id is no secret). **[choice]** Where placeholders
  /// were sent as one value, the one the recorded `request` names is put back, else the first
  /// by name (the same every run).
  func concealed(
    _ response: HTTPResponse, substitutions: [String: String], request: HTTPRequest? = nil
  ) -> HTTPResponse {
    // A value learned for another placeholder is written into the recorded answer too
    // (`resolved`): it stays as the target gave it.
    let learned = Set(values.values)
    let secrets = substitutions.filter { placeholder, value in
      values[placeholder] == nil && value != placeholder && value.utf8.count >= 8
        && !value.utf8.allSatisfy(Self.isDigit) && !learned.contains(value)
    }
    guard !secrets.isEmpty, response.headers["Content-Encoding"] == nil,
      var text = String(validating: response.body, as: UTF8.self)
    else { return response }
    // Longest first: a token that holds another secret (`APPID|SECRET`) is put back whole.
    let named = request.map { $0.url + String(decoding: $0.body, as: UTF8.self) } ?? ""
    let order = secrets.sorted { a, b in
      if a.value.utf8.count != b.value.utf8.count { return a.value.utf8.count > b.value.utf8.count }
      let (inA, inB) = (named.contains(a.key), named.contains(b.key))
      return inA != inB ? inA : a.key < b.key
    }
    for (placeholder, value) in order where text.contains(value) {
      text = text.replacing(value, with: placeholder)
    }
    var out = response
    out.body = Array(text.utf8)
    return out
  }

  /// One pass over `bytes`: a `<PLACEHOLDER>` learned or substituted, a run of digits (an id,
  /// `USER_POST` ids by whole or part, the id of a CDN file name `ID_o.jpg`) learned, both only
  /// where they stand alone (not inside a word; a `%XX` escape is a boundary, as in a
  /// form-encoded batch).
  func rewrite(_ bytes: [UInt8], _ substitutions: [String: String]) -> [UInt8] {
    guard !values.isEmpty || !substitutions.isEmpty, !bytes.isEmpty else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    var boundary = true
    while i < bytes.count {
      let byte = bytes[i]
      if byte == 0x25, i + 2 < bytes.count, Self.isHex(bytes[i + 1]), Self.isHex(bytes[i + 2]) {
        out += bytes[i...(i + 2)]
        i += 3
        boundary = true
        continue
      }
      if byte == 0x3C, let end = bytes[(i + 1)...].prefix(48).firstIndex(of: 0x3E) {
        let name = String(decoding: bytes[i...end], as: UTF8.self)
        if let value = values[name] ?? substitutions[name] {
          out += Array(value.utf8)
          i = end + 1
          boundary = true
          continue
        }
      }
      // A mask where a secret goes (`access_token=****`, `VerifyScope.isMask`).
      if byte == 0x2A, out.last == 0x3D || out.last == 0x20 {
        let end = bytes[i...].firstIndex { $0 != 0x2A } ?? bytes.count
        let mask = String(decoding: bytes[i..<end], as: UTF8.self)
        if VerifyScope.isMask(mask), let value = values[mask] ?? substitutions[mask] {
          out += Array(value.utf8)
          i = end
          boundary = true
          continue
        }
      }
      if boundary, Self.isDigit(byte), !values.isEmpty {
        var end = i
        while end < bytes.count, Self.isDigit(bytes[end]) || bytes[end] == 0x5F { end += 1 }
        // A CDN file name, `ID_o.jpg`: the digits before the last `_` stand alone.
        if end < bytes.count, Self.isWordByte(bytes[end]),
          let last = bytes[i..<end].lastIndex(of: 0x5F), last > i
        {
          end = last
        }
        if end == bytes.count || !Self.isWordByte(bytes[end]) || bytes[end] == 0x5F {
          out += Array(mapped(String(decoding: bytes[i..<end], as: UTF8.self)).utf8)
          i = end
          boundary = false
          continue
        }
      }
      out.append(byte)
      boundary = !Self.isWordByte(byte)
      i += 1
    }
    return out
  }

  /// A run of digits and underscores as learned: whole, else each part of `USER_POST`.
  private func mapped(_ run: String) -> String {
    if let whole = values[run] { return whole }
    guard run.contains("_") else { return run }
    return run.split(separator: "_", omittingEmptySubsequences: false)
      .map { values[String($0)] ?? String($0) }.joined(separator: "_")
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static func isHex(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
  }

  static let proofPrefix = Array("<\(Secret.Kind.appsecretProof.rawValue)_".utf8)

  static func hasProofPlaceholder(_ request: HTTPRequest) -> Bool {
    !ByteSearch.occurrences(of: proofPrefix, in: Array(request.url.utf8)).isEmpty
      || !ByteSearch.occurrences(of: proofPrefix, in: request.body).isEmpty
  }

  /// `bytes` with each `<APPSECRET_PROOF_n>` replaced by `proof`.
  static func replacingProofs(_ bytes: [UInt8], _ proof: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var copied = 0
    for start in ByteSearch.occurrences(of: proofPrefix, in: bytes) where start >= copied {
      guard let end = bytes[start...].prefix(40).firstIndex(of: 0x3E) else { continue }
      out += bytes[copied..<start]
      out += proof
      copied = end + 1
    }
    return out + bytes[copied...]
  }

  /// The access token `request` sends: in its query, its form body, a multipart part, or
  /// `Authorization: Bearer`/`OAuth`.
  static func sentToken(_ request: HTTPRequest) -> String? {
    if let token = URLParts(request.url)?.queryItems["access_token"] { return token }
    let type = request.headers["Content-Type"] ?? ""
    if type.lowercased().hasPrefix("multipart/form-data") {
      let boundary = type.split(separator: ";").lazy.map(\.trimmingSpaces)
        .first { $0.lowercased().hasPrefix("boundary=") }
        .map { $0.dropFirst("boundary=".count).filter { $0 != "\"" } }
      if let boundary,
        let form = try? MultipartFormData.parse(body: request.body, boundary: boundary),
        let part = form.parts.first(where: { $0.name == "access_token" })
      {
        return part.text
      }
    } else if let token = text(request.body)["access_token"] {
      return token
    }
    guard let auth = request.headers["Authorization"] else { return nil }
    for scheme in ["Bearer ", "OAuth "] where auth.hasPrefix(scheme) {
      return String(auth.dropFirst(scheme.count))
    }
    return nil
  }
}
