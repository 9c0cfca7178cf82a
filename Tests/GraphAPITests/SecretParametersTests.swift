import Testing

@testable import GraphAPI

@Suite struct SecretParametersTests {
  @Test(arguments: [
    "access_token", "ACCESS_TOKEN", "input_token", "fb_exchange_token", "oauth_token",
    "appsecret_proof", "client_secret", "app_secret",
  ])
  func namesASecret(_ name: String) {
    #expect(SecretParameters.contains(name))
  }

  @Test func everySecretIsHiddenInARequestDescription() {
    var request = GraphRequest(.get, "oauth/access_token")
    request.parameters.append("fb_exchange_token", "EAAGlong")
    request.parameters.append("client_secret", "s3cret")
    request.parameters.append("grant_type", "fb_exchange_token")
    let text = request.description
    #expect(!text.contains("EAAGlong"))
    #expect(!text.contains("s3cret"))
    #expect(text.contains("grant_type=fb_exchange_token"))
  }
}
