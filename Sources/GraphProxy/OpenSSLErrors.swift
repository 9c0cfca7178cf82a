import COpenSSL

/// OpenSSL's thread-local error queue as text.
enum OpenSSLErrors {
  /// The queued errors, oldest first, joined by `; ` (the queue is emptied); `unknown error`
  /// when there are none.
  static func drain() -> String {
    var messages: [String] = []
    while true {
      let code = ERR_get_error()
      guard code != 0 else { break }
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      messages.append(
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return messages.isEmpty ? "unknown error" : messages.joined(separator: "; ")
  }

  /// The error for a failed `call`, with OpenSSL's text.
  static func failure(_ call: String) -> ProxyError {
    .openSSL(call: call, detail: drain())
  }
}
