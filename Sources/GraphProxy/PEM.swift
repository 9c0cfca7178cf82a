import COpenSSL

/// PEM text to and from OpenSSL objects, through memory BIOs.
enum PEM {
  static func privateKey(_ text: [UInt8]) -> OpaquePointer? {
    withBIO(text) { ge_pem_read_key($0) }
  }

  static func certificate(_ text: [UInt8]) -> OpaquePointer? {
    withBIO(text) { ge_pem_read_cert($0) }
  }

  static func text(certificate: OpaquePointer) throws(ProxyError) -> String {
    try write("PEM_write_bio_X509") { PEM_write_bio_X509($0, certificate) }
  }

  static func text(privateKey: OpaquePointer) throws(ProxyError) -> String {
    try write("PEM_write_bio_PrivateKey") { ge_pem_write_key($0, privateKey) }
  }

  private static func withBIO(_ text: [UInt8], _ body: (OpaquePointer) -> OpaquePointer?)
    -> OpaquePointer?
  {
    text.withUnsafeBytes { raw -> OpaquePointer? in
      guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
      defer { BIO_free(bio) }
      return body(bio)
    }
  }

  private static func write(_ call: String, _ body: (OpaquePointer) -> Int32)
    throws(ProxyError) -> String
  {
    guard let bio = BIO_new(BIO_s_mem()) else { throw OpenSSLErrors.failure("BIO_new") }
    defer { BIO_free(bio) }
    guard body(bio) == 1 else { throw OpenSSLErrors.failure(call) }
    var data: UnsafeMutablePointer<CChar>?
    let count = ge_bio_mem_data(bio, &data)
    guard let data, count > 0 else { throw OpenSSLErrors.failure(call) }
    return String(
      decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  }
}
