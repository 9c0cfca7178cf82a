import GraphJSON

extension CodeGenerator {
  /// Objective-C with the iOS SDK 4 and later: `[[FBSDKGraphRequest alloc]
  /// initWithGraphPath:parameters:tokenString:version:HTTPMethod:]` and
  /// `startWithCompletionHandler:`. An upload is an `NSData` parameter, which the SDK sends as
  /// a multipart attachment.
  func iOS(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    var out = Self.heading(
      "Facebook iOS SDK 4.x and later (FBSDKCoreKit).", client: "FBSDKGraphRequest",
      headers: headers)
    let tokenString =
      includeToken
      ? token(of: request).map(Self.objcString)
      : "[FBSDKAccessToken currentAccessToken].tokenString"
    if request.version == nil {
      out += "// version:nil is the SDK's own version (the request named none).\n"
    }
    out += Self.objcParameters(parametersWithProof(of: request), request.uploads)
    let version = request.version.map(Self.objcString) ?? "nil"
    out += """
      FBSDKGraphRequest *request = [[FBSDKGraphRequest alloc]
          initWithGraphPath:\(Self.objcString(nodePath(of: request)))
                 parameters:parameters
                tokenString:\(tokenString ?? "nil")
                    version:\(version)
                 HTTPMethod:\(Self.objcString(request.method.rawValue))];
      [request startWithCompletionHandler:^(FBSDKGraphRequestConnection *connection, id result, NSError *error) {
        if (error) {
          NSLog(@"Graph error: %@", error);
        } else {
          NSLog(@"Graph result: %@", result);
        }
      }];

      """
    return out
  }
}
