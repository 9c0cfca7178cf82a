import COpenSSL
import Foundation
import GraphAPI
import GraphEmulator
import GraphServer
import GraphTestSupport

@testable import GraphProxy

/// A client of the proxy as an app is: `CONNECT host:443`, then TLS verified against the
/// proxy's CA for `host` (SNI `sni`), then HTTP/1.1 requests inside. Blocking, with a
/// receive timeout on every read, so a stalled proxy fails the test instead of hanging it.
final class ProxyTLSClient {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let raw: RawClient
  private let context: OpaquePointer
  private let ssl: OpaquePointer
  private var buffer: [UInt8] = []

  init(
    port: Int, host: String = "graph.facebook.com", sni: String? = nil, caPath: String,
    timeout: Double = 10
  ) throws {
    raw = try RawClient(port: port, timeout: timeout)
    try raw.send("CONNECT \(host):443 HTTP/1.1\r\nHost: \(host):443\r\n\r\n")
    let established = try raw.readResponse()
    guard established.status == 200 else {
      throw Failure(description: "CONNECT answered \(established.status): \(established.bodyText)")
    }
    guard let context = SSL_CTX_new(TLS_client_method()) else {
      throw Failure(description: "SSL_CTX_new failed")
    }
    self.context = context
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
    guard SSL_CTX_load_verify_locations(context, caPath, nil) == 1, let ssl = SSL_new(context)
    else {
      SSL_CTX_free(context)
      throw Failure(description: "cannot load \(caPath)")
    }
    self.ssl = ssl
    let name = sni ?? host
    _ = ge_ssl_set_hostname(ssl, name)
    _ = X509_VERIFY_PARAM_set1_host(SSL_get0_param(ssl), name, name.utf8.count)
    _ = SSL_set_fd(ssl, raw.fd)
    guard SSL_connect(ssl) == 1 else {
      throw Failure(
        description:
          "the handshake failed: \(String(cString: X509_verify_cert_error_string(Int(SSL_get_verify_result(ssl)))))"
      )
    }
  }

  deinit {
    SSL_free(ssl)
    SSL_CTX_free(context)
  }

  /// GETs `path` on the host and reads the whole answer (its `Content-Length`).
  func get(_ path: String, host: String = "graph.facebook.com") throws -> (
    status: Int, body: [UInt8]
  ) {
    let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)
    guard SSL_write(ssl, request, Int32(request.count)) == Int32(request.count) else {
      throw Failure(description: "SSL_write failed")
    }
    let separator = Array("\r\n\r\n".utf8)
    var end: Int?
    while end == nil {
      end = buffer.indices.dropLast(3).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
      if end == nil { try fill() }
    }
    let head = String(decoding: buffer[..<end!], as: UTF8.self)
    buffer.removeFirst(end! + 4)
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    let lengthLine = head.split(separator: "\r\n").first {
      $0.lowercased().hasPrefix("content-length:")
    }
    let length =
      Int(lengthLine?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
    while buffer.count < length { try fill() }
    defer { buffer.removeFirst(length) }
    return (status, Array(buffer[..<length]))
  }

  private func fill() throws {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = SSL_read(ssl, &chunk, Int32(chunk.count))
    guard count > 0 else {
      throw Failure(description: "the answer stopped after \(buffer.count) bytes")
    }
    buffer += chunk[0..<Int(count)]
  }
}

/// A proxy answering from the emulator, with its CA in a scratch folder, for one test.
struct ProxyFixture {
  let proxy: GraphProxy
  let port: Int
  let authority: CertificateAuthority
  let scratch: ScratchDirectory
  let log: Locked<[GraphServer.AccessLogEntry]>

  var caPath: String { authority.certificatePath }

  static func with<T>(
    configuration: GraphProxy.Configuration = GraphProxy.Configuration(),
    server: GraphServer.Configuration = GraphServer.Configuration(),
    leafCapacity: Int = CertificateAuthority.defaultLeafCapacity,
    _ body: (ProxyFixture) async throws -> T
  ) async throws -> T {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(
      folder: scratch.file("ca"), leafCapacity: leafCapacity)
    let log = Locked<[GraphServer.AccessLogEntry]>([])
    var server = server
    server.accessLog = { entry in log.withLock { $0.append(entry) } }
    let proxy = GraphProxy(
      transport: GraphEmulator(), serverConfiguration: server, authority: authority,
      configuration: configuration)
    let port = try proxy.start()
    defer { proxy.stop() }
    return try await body(
      ProxyFixture(proxy: proxy, port: port, authority: authority, scratch: scratch, log: log))
  }

  /// The access log's error texts so far.
  var errors: [String] { log.withLock { $0.compactMap(\.error) } }
}
