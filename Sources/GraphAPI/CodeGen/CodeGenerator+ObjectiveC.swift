import GraphJSON

extension CodeGenerator {
  /// `[FBRequestConnection startWithGraphPath:parameters:HTTPMethod:completionHandler:]`.
  func objectiveC(_ request: GraphRequest, headers: [HTTPHeaders.Field]) -> String {
    var items = parametersWithProof(of: request)
    var out = Self.heading("Facebook iOS SDK 3.x.", client: "FBRequest", headers: headers)
    if let token = token(of: request), includeToken {
      out += "// With no open FBSession, the access_token parameter is sent as it is.\n"
      items["access_token"] = token
    } else {
      out += "// The SDK adds the access token of the active FBSession.\n"
    }
    let parameters: String
    if items.isEmpty && request.uploads.isEmpty {
      parameters = "nil"
    } else {
      out += Self.objcParameters(items, request.uploads)
      parameters = "parameters"
    }
    out += """
      [FBRequestConnection startWithGraphPath:\(Self.objcString(versionedPath(of: request)))
                                   parameters:\(parameters)
                                   HTTPMethod:\(Self.objcString(request.method.rawValue))
                            completionHandler:^(FBRequestConnection *connection, id result, NSError *error) {
        if (error) {
          NSLog(@"Graph error: %@ (category %ld)", error, (long)error.fberrorCategory);
        } else {
          NSLog(@"Graph result: %@", result);
        }
      }];

      """
    return out
  }

  /// `NSDictionary *parameters = @{...};` of the parameters and the uploads (`NSData`).
  static func objcParameters(_ items: QueryItems, _ uploads: [GraphUpload]) -> String {
    var out = "NSDictionary *parameters = @{\n"
    for item in items {
      out += "  \(objcString(item.name)): \(objcString(item.value)),\n"
    }
    for upload in uploads {
      out +=
        "  \(objcString(upload.name)): [NSData dataWithContentsOfFile:\(objcString(upload.filename))],\n"
    }
    return out + "};\n"
  }

  /// An Objective-C string literal `@"..."`.
  static func objcString(_ text: String) -> String {
    "@\"" + cStyleEscaped(text) + "\""
  }

  /// Backslash, quote and control characters escaped for a C, Python (octal `\001`) or Swift
  /// (`\u{1}`) string literal.
  static func cStyleEscaped(_ text: String, swift: Bool = false) -> String {
    text.escapingScalars { scalar in
      if let escape = String.backslashEscapes[scalar] { return escape }
      guard String.isControl(scalar) else { return nil }
      return swift
        ? "\\u{\(String(scalar.value, radix: 16))}"
        : "\\" + String(scalar.value, radix: 8).leftPadded(to: 3)
    }
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
