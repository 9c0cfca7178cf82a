import Foundation
import GraphTestSupport
import Testing

@testable import GraphProxy

@Suite("CertificateAuthority") struct CertificateAuthorityTests {
}
