import COpenSSL
import Foundation
import GraphTestSupport
import Testing

@testable import GraphProxy

@Suite("CertificateAuthority") struct CertificateAuthorityTests {
  @Test func createdOnFirstUseWithAPrivateKeyAndKeptForLaterRuns() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let folder = scratch.file("state/graph-explorer/ca")
    let first = try CertificateAuthority.loadOrCreate(folder: folder)
    let key = try FileManager.default.attributesOfItem(atPath: first.keyPath)
    #expect((key[.posixPermissions] as? Int) == 0o600)
    let parent = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((parent[.posixPermissions] as? Int) == 0o700)
    // Only the two files: nothing staged is left beside them.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        CertificateAuthority.keyName, CertificateAuthority.certificateName,
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.file("state/graph-explorer")) == [
        "ca"
      ])
    let second = try CertificateAuthority.loadOrCreate(folder: folder)
    #expect(second.certificatePEM == first.certificatePEM)
    #expect(first.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
  }

  @Test func aCriticallyNameConstrainedP256CertificateSigningAuthority() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(folder: scratch.file("ca"))
    #expect(authority.keyCurve == "prime256v1")
    #expect(authority.isCertificateSigningAuthority)
    #expect(authority.extensionIsCritical(NID_basic_constraints) == true)
    #expect(authority.extensionIsCritical(NID_key_usage) == true)
    #expect(authority.extensionIsCritical(NID_name_constraints) == true)
  }

  @Test func leavesForFacebookHostsVerifyAndOthersFailTheNameConstraints() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(folder: scratch.file("ca"))
    for host in [
      "graph.facebook.com", "m.facebook.com", "scontent.xx.fbcdn.net",
      "fbcdn-profile-a.akamaihd.net",
    ] {
      let leaf = try authority.leafPEM(for: host)
      #expect(authority.verificationError(leafPEM: leaf, host: host) == nil, "\(host)")
    }
    // The authority signs what it is asked to; the constraint is what stops a client trusting it.
    for host in ["example.com", "facebook.com.example.com", "akamaihd.net", "evilfacebook.com"] {
      let leaf = try authority.leafPEM(for: host)
      #expect(
        authority.verificationError(leafPEM: leaf, host: host) == "permitted subtree violation",
        "\(host)")
    }
    // A leaf for one host does not stand for another.
    let graph = try authority.leafPEM(for: "graph.facebook.com")
    #expect(authority.verificationError(leafPEM: graph, host: "api.facebook.com") != nil)
    // Cached per host: the same certificate twice.
    #expect(try authority.leafPEM(for: "GRAPH.facebook.com") == graph)
  }

  @Test func aLeafForAnotherDomainFailsOpenSSLVerify() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(folder: scratch.file("ca"))
    try authority.leafPEM(for: "example.com").write(
      toFile: scratch.file("example.pem"), atomically: true, encoding: .utf8)
    try authority.leafPEM(for: "graph.facebook.com").write(
      toFile: scratch.file("graph.pem"), atomically: true, encoding: .utf8)
    let good = try await runOpenSSL([
      "verify", "-purpose", "sslserver", "-CAfile", authority.certificatePath,
      scratch.file("graph.pem"),
    ])
    #expect(good.status == 0, "\(good.output)")
    let bad = try await runOpenSSL([
      "verify", "-purpose", "sslserver", "-CAfile", authority.certificatePath,
      scratch.file("example.pem"),
    ])
    #expect(bad.status != 0)
    #expect(bad.output.contains("permitted subtree violation"), "\(bad.output)")
  }

  @Test func aKeyOthersCanReadOrAMismatchedPairIsRefusedWithItsPath() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let authority = try CertificateAuthority.loadOrCreate(folder: scratch.file("a"))
    chmod(authority.keyPath, 0o644)
    #expect(throws: ProxyError.self) {
      try CertificateAuthority.loadOrCreate(folder: scratch.file("a"))
    }
    do {
      _ = try CertificateAuthority.loadOrCreate(folder: scratch.file("a"))
    } catch {
      #expect("\(error)".contains(authority.keyPath))
      #expect("\(error)".contains("chmod 600"))
    }
    let other = try CertificateAuthority.loadOrCreate(folder: scratch.file("b"))
    chmod(authority.keyPath, 0o600)
    try FileManager.default.removeItem(atPath: authority.certificatePath)
    try FileManager.default.copyItem(
      atPath: other.certificatePath, toPath: authority.certificatePath)
    do {
      _ = try CertificateAuthority.loadOrCreate(folder: scratch.file("a"))
      Issue.record("a key and another authority's certificate were accepted")
    } catch {
      #expect("\(error)".contains("does not match"))
    }
    try "not a key".write(toFile: authority.keyPath, atomically: false, encoding: .utf8)
    do {
      _ = try CertificateAuthority.loadOrCreate(folder: scratch.file("a"))
      Issue.record("a key file holding no key was accepted")
    } catch {
      #expect("\(error)".contains("not a PEM private key"))
    }
  }

  @Test func theDefaultFolderIsTheStateFolder() {
    #expect(
      CertificateAuthority.defaultFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/graph-explorer/ca")
    #expect(
      CertificateAuthority.defaultFolder(environment: ["HOME": "/h"])
        == "/h/.local/state/graph-explorer/ca")
    #expect(CertificateAuthority.defaultFolder(environment: ["XDG_STATE_HOME": "rel"]) == nil)
  }
}

/// `openssl ARGUMENTS` with its output and error text together.
func runOpenSSL(_ arguments: [String]) async throws -> (status: Int32, output: String) {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["openssl"] + arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      do {
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(
          returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
      } catch {
        continuation.resume(throwing: error)
      }
    }.start()
  }
}
