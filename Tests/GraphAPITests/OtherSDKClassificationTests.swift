import GraphAPI
import Testing

@Suite struct OtherSDKClassificationTests {
  @Test(
    arguments: [
      (190, nil, 400, "AUTHENTICATION_REOPEN_SESSION"), (190, 459, 400, "AUTHENTICATION_RETRY"),
      (190, 464, 400, "AUTHENTICATION_RETRY"), (102, 463, 400, "AUTHENTICATION_REOPEN_SESSION"),
      (2, nil, 500, "SERVER"), (17, nil, 400, "THROTTLING"), (230, nil, 403, "PERMISSION"),
      (2500, nil, 400, "BAD_REQUEST"), (100, 33, 404, "BAD_REQUEST"), (12, nil, 503, "SERVER"),
      (nil, nil, 302, "OTHER"),
    ] as [(Int?, Int?, Int, String)])
  func android(code: Int?, subcode: Int?, status: Int, category: String) {
    #expect(
      AndroidErrorCategory(code: code, subcode: subcode, httpStatus: status).rawValue == category)
  }

  @Test(
    arguments: [
      (100, nil, nil, "FacebookAuthenticationException"),
      (1, 463, "FacebookApiException", "FacebookAuthenticationException"),
      (190, nil, "OAuthException", "FacebookAuthenticationException"),
      (2, nil, nil, "FacebookServerException"), (341, nil, nil, "FacebookThrottleException"),
      (506, nil, nil, "FacebookClientException"), (10, nil, nil, "FacebookAuthorizationException"),
      (200, nil, nil, "FacebookAuthorizationException"),
      (2500, nil, "OAuthException", "FacebookAuthenticationException"),
      (1_611_075, nil, "Exception", "FacebookOtherException"),
    ] as [(Int?, Int?, String?, String)])
  func php(code: Int?, subcode: Int?, type: String?, exception: String) {
    #expect(PHPSDKException(code: code, subcode: subcode, type: type).rawValue == exception)
  }
}
