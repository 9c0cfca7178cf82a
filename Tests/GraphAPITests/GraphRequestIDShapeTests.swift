import GraphAPI
import Testing

/// One rule for a path's head shaped as an object id (the emulator's 803 for a name no object
/// has, and `world --from`'s names answered with a token error, read it alike).
@Suite struct GraphRequestIDShapeTests {
  @Test(arguments: ["123", "15485466463_10152611792811464", "act_1234", "1_2_3"])
  func idsAreIDShaped(_ head: String) { #expect(GraphRequest.isIDShaped(head)) }

  @Test(arguments: ["_12345", "12345_", "act_", "GetG5", "v2.13", "١٢٣", "1__2", ""])
  func namesAreNot(_ head: String) { #expect(!GraphRequest.isIDShaped(head)) }
}
