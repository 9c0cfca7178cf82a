/// The languages `code` writes a request in, and the Graph API Explorer's Get Code tabs.
///
/// Each language is declared once, in `declaration`: its tab's title, what its code uses and
/// the other names `code` accepts; every list (`code`'s usage and completion, the page's tabs)
/// is derived from `allCases`.
public enum CodeLanguage: String, Sendable, Hashable, CaseIterable {
  /// A curl command line.
  case curl
  /// Objective-C with the Facebook iOS SDK 3.x (`FBRequestConnection`).
  case objc
  /// Objective-C with the Facebook iOS SDK 4 and later (`FBSDKGraphRequest`).
  case ios
  /// Java with the Facebook Android SDK (`GraphRequest`).
  case android
  /// The Facebook JavaScript SDK (`FB.api`).
  case js
  /// The Facebook PHP SDK 5 (`$fb->get`, `->post`, `->delete`).
  case php
  /// Swift with URLSession.
  case swift
  /// Python with the facebook-sdk package.
  case python

  /// What a language is: its Get Code tab's title, what its code uses, other accepted names.
  public struct Declaration: Sendable {
    /// The tab's title, as the Graph API Explorer names it (`Android SDK`).
    public let title: String
    /// What the code uses, for `code`'s help (`Java with the Android SDK's GraphRequest`).
    public let uses: String
    /// Other names `code` accepts (`objective-c`, `py`).
    public let aliases: [String]
  }

  /// The language's declaration.
  public var declaration: Declaration {
    switch self {
    case .curl:
      Declaration(title: "cURL", uses: "a curl command line", aliases: ["sh", "shell"])
    case .objc:
      Declaration(
        title: "iOS SDK 3.x", uses: "Objective-C with the iOS SDK 3.x's FBRequestConnection",
        aliases: ["objective-c", "objectivec", "obj-c", "ios3"])
    case .ios:
      Declaration(
        title: "iOS SDK 4+", uses: "Objective-C with the iOS SDK 4+'s FBSDKGraphRequest",
        aliases: ["ios4", "fbsdk"])
    case .android:
      Declaration(
        title: "Android SDK", uses: "Java with the Android SDK's GraphRequest",
        aliases: ["java"])
    case .js:
      Declaration(
        title: "JavaScript SDK", uses: "the JavaScript SDK's FB.api",
        aliases: ["javascript"])
    case .php:
      Declaration(
        title: "PHP SDK", uses: "the PHP SDK 5's $fb->get, ->post and ->delete", aliases: [])
    case .swift:
      Declaration(title: "Swift", uses: "Swift with URLSession", aliases: [])
    case .python:
      Declaration(
        title: "Python", uses: "Python with the facebook-sdk package", aliases: ["py", "python3"])
    }
  }

  /// Accepts the language names and the declared other spellings (`objective-c`, `py`, `sh`).
  public init?(name: String) {
    let name = name.lowercased()
    guard
      let language = Self.allCases.first(where: {
        $0.rawValue == name || $0.declaration.aliases.contains(name)
      })
    else { return nil }
    self = language
  }

  /// The names as `code`'s usage writes them: `curl|objc|ios|...`.
  public static var usage: String { allCases.map(\.rawValue).joined(separator: "|") }
}
