import GraphJSON

extension SDKErrorView {
  /// A plain-text account of what the app sees, one fact a line, for `explain`.
  public var reportLines: [String] {
    let sdk = "iOS SDK \(sdkVersion)"
    guard let error else {
      return [
        "\(sdk): the completion handler gets error = nil and result =",
        "  " + (result ?? .null).compactText,
      ]
        + (graphError != nil
          ? [
            "  (an error body with HTTP \(httpStatus), as with suppress_http_code=1: the SDK sees success)"
          ]
          : [])
    }
    var lines = [
      "\(sdk): the completion handler gets result = nil and an NSError:",
      "  domain: \(error.domain)",
      "  code: \(error.code.rawValue) (\(error.code.name))",
      "  userInfo:",
    ]
    for member in error.userInfo.members {
      lines.append("    \(member.key): \(member.value.compactText)")
    }
    lines.append("  description: \(error.localizedDescription)")
    if sdkVersion.hasErrorUtility {
      lines += [
        "  fberrorCategory: \(category?.name ?? "-")",
        "  fberrorShouldNotifyUser: \(shouldNotifyUser ? "YES" : "NO")",
        "  fberrorUserMessage: \(userMessage ?? "nil")",
      ]
    } else {
      lines.append("  (no FBErrorUtility before 3.2: no category or user message)")
    }
    switch sessionEffect {
    case .none:
      lines.append("  session: stays open")
    case .closeAndClearToken:
      lines.append("  session: closed and token cleared (closeAndClearTokenInformation)")
    }
    return lines
  }
}
