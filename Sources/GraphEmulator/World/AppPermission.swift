import GraphJSON

/// A permission of the app and its Login Review status (`app.permissions`, Application
/// Permissions reference: "Permissions that have been approved via Login Review").
public struct AppPermission: Sendable, Hashable {
  public var permission: String
  /// `live` once approved.
  public var status: String

  public init(_ permission: String, status: String = "live") {
    self.permission = permission
    self.status = status
  }

  /// What any app may ask for without Login Review (public_profile, user_friends, email), live
  /// in the order a public recording of 2014 lists them: an app's permissions when its world
  /// names none.
  public static let withoutReview = ["public_profile", "user_friends", "email"].map {
    AppPermission($0)
  }

  /// The object the edge and the world file show.
  public var jsonValue: JSONValue {
    ["permission": .string(permission), "status": .string(status)]
  }
}

extension WorldDecoder {
  /// `app.permissions` (absent or null: `nil`, the permissions any app has without review).
  func appPermissions(_ value: JSONValue?, _ location: String) throws(EmulatorError)
    -> [AppPermission]?
  {
    guard let value, !value.isNull else { return nil }
    guard let items = value.arrayValue else {
      throw fail(location, "expected an array of permissions, found \(value.kindName)")
    }
    var out: [AppPermission] = []
    for (i, item) in items.enumerated() {
      out.append(
        AppPermission(
          try string(item["permission"], "\(location)[\(i)].permission"),
          status: try string(item["status"] ?? "live", "\(location)[\(i)].status")))
    }
    return out
  }
}
