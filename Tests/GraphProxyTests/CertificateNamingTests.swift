import COpenSSL
import Foundation
import GraphTestSupport
import Testing

@testable import GraphProxy

/// What names get a certificate (issue 44): DNS host names only, put in the SAN as a
/// GENERAL_NAME, long ones in the SAN alone; the leaves kept are bounded; an authority
/// without name constraints is refused.
@Suite("CertificateNaming") struct CertificateNamingTests {
  static let splice = "www.mybank.example,email:a@b.fbcdn.net"

  @Test func hostNamesAreRFC1123Names() {
    for host in ["graph.facebook.com", "a-b.fbcdn.net", "x", "1.2.fbcdn.net"] {
      #expect(GraphHosts.isDNSName(host), "\(host)")
    }
    for host in [
      Self.splice, "", "a..fbcdn.net", ".fbcdn.net", "fbcdn.net.", "-a.fbcdn.net", "a-.fbcdn.net",
      "a_b.fbcdn.net", "a b.fbcdn.net", "a:1.fbcdn.net", "*.fbcdn.net", "a\u{0}.fbcdn.net",
      String(repeating: "a", count: 64) + ".fbcdn.net",
      String(repeating: "a.", count: 123) + "fbcdn.net",
    ] {
      #expect(!GraphHosts.isDNSName(host), "\(host)")
    }
    #expect(!GraphHosts.isAnswered(Self.splice))
  }

  @Test func theSpliceGetsNoCertificateAndASANHoldsExactlyItsHost() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(folder: scratch.file("ca"))
    #expect(throws: ProxyError.self) { try authority.leafPEM(for: Self.splice) }
    let leaf = try authority.leaf(for: "scontent.xx.fbcdn.net")
    defer { X509_free(leaf) }
    var names = [CChar](repeating: 0, count: 1024)
    #expect(ge_x509_san_dns_names(leaf, &names, Int32(names.count)) == 1)
    #expect(String(cData: names) == "scontent.xx.fbcdn.net")
  }

  @Test func theSpliceAsSNIFailsTheHandshakeThroughTheProxy() async throws {
    try await ProxyFixture.with { fixture in
      #expect(throws: ProxyTLSClient.Failure.self) {
        _ = try ProxyTLSClient(port: fixture.port, sni: Self.splice, caPath: fixture.caPath)
      }
      #expect(
        fixture.errors.contains {
          $0.contains("a name the proxy does not answer") && $0.contains("www.mybank.example,")
        })
      // As the CONNECT authority it is no authority at all.
      let raw = try RawClient(port: fixture.port)
      try raw.send("CONNECT \(Self.splice):443 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try raw.readResponse().status == 400)
    }
  }

  @Test func aLegal114CharacterNameIsInTheSANOnlyAndWorks() async throws {
    let host =
      String(repeating: "a", count: 63) + "." + String(repeating: "b", count: 40)
      + ".fbcdn.net"
    #expect(host.count == 114)
    try await ProxyFixture.with { fixture in
      let pem = try fixture.authority.leafPEM(for: host)
      #expect(fixture.authority.verificationError(leafPEM: pem, host: host) == nil)
      let leaf = try fixture.authority.leaf(for: host)
      defer { X509_free(leaf) }
      let subject = X509_NAME_oneline(X509_get_subject_name(leaf), nil, 0)
      defer { free(subject) }
      #expect(String(cData: subject!) == "/O=graph-explorer")
      let client = try ProxyTLSClient(port: fixture.port, host: host, caPath: fixture.caPath)
      let answer = try client.get(
        "/_emulator/picture/100001000000001?width=10&height=10", host: host)
      #expect(answer.status == 200)
    }
  }

  @Test func theLeafCacheKeepsTheMostRecentlyUsedAndNoMore() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(
      folder: scratch.file("ca"), leafCapacity: 100)
    let kept = try authority.leafPEM(for: "kept.fbcdn.net")
    // 2,000 distinct names (the issue: 4,000 took RSS from 31 to 97 MB, never given back).
    for index in 0..<2_000 {
      _ = try authority.leafPEM(for: "s\(index).fbcdn.net")
      if index % 50 == 0 { #expect(try authority.leafPEM(for: "kept.fbcdn.net") == kept) }
      #expect(authority.cachedLeafCount <= 100)
    }
    #expect(authority.cachedLeafCount == 100)
    // A name dropped long ago gets a new leaf, which verifies as well.
    let again = try authority.leafPEM(for: "s0.fbcdn.net")
    #expect(authority.verificationError(leafPEM: again, host: "s0.fbcdn.net") == nil)
  }

  @Test func manyNamesThroughTheProxyKeepTheCacheBounded() async throws {
    try await ProxyFixture.with(leafCapacity: 8) { fixture in
      for index in 0..<20 {
        let host = "n\(index).fbcdn.net"
        let client = try ProxyTLSClient(port: fixture.port, host: host, caPath: fixture.caPath)
        #expect(
          try client.get("/_emulator/picture/100001000000001?width=1&height=1", host: host).status
            == 200)
      }
      #expect(fixture.authority.cachedLeafCount == 8)
    }
  }

  @Test func aFolderWhoseCertificateLacksNameConstraintsIsRefusedNamingTheFile() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let folder = scratch.file("ca")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let key = folder + "/" + CertificateAuthority.keyName
    let certificate = folder + "/" + CertificateAuthority.certificateName
    let made = try await runOpenSSL([
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
      "-keyout", key, "-out", certificate, "-subj", "/CN=unconstrained", "-days", "2",
      "-addext", "basicConstraints=critical,CA:TRUE",
    ])
    #expect(made.status == 0, "\(made.output)")
    chmod(key, 0o600)
    do {
      _ = try CertificateAuthority.loadOrCreate(folder: folder)
      Issue.record("an authority without name constraints was accepted")
    } catch {
      #expect("\(error)".contains(certificate))
      #expect("\(error)".contains("no critical name constraints"))
    }
  }
}
