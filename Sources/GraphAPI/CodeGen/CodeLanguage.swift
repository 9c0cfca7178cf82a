/// The languages `code` writes a request in.
public enum CodeLanguage: String, Sendable, Hashable, CaseIterable {
  /// A curl command line.
  case curl
  /// Objective-C with the Facebook iOS SDK 3.x (`FBRequestConnection`).
  case objc
  /// Swift with URLSession.
  case swift
  /// Python with the facebook-sdk package.
  case python

  /// Accepts the language names and a few common spellings (`objective-c`, `py`, `sh`).
  public init?(name: String) {
    switch name.lowercased() {
    case "curl", "sh", "shell": self = .curl
    case "objc", "objective-c", "objectivec", "obj-c": self = .objc
    case "swift": self = .swift
    case "python", "py", "python3": self = .python
    default: return nil
    }
  }
}
