import GraphEmulator

/// The token panel's permission checkboxes, grouped as the Graph API Explorer of the v2.x era
/// grouped them: user data, friends' data (v1.0 only), extended permissions. Derived from the
/// emulator's permission list; `public_profile` and `basic_info`, always granted, are left out.
enum UIPermissions {
  struct Group {
    var name: String
    var names: [String]
  }

  static let alwaysGranted: Set<String> = ["public_profile", "basic_info"]

  static let groups: [Group] = {
    let asked = GraphEmulator.permissionNames.filter { !alwaysGranted.contains($0) }
    return [
      Group(name: "User Data Permissions", names: asked.filter { $0.hasPrefix("user_") }),
      Group(name: "Friends Data Permissions", names: asked.filter { $0.hasPrefix("friends_") }),
      Group(
        name: "Extended Permissions",
        names: asked.filter { !$0.hasPrefix("user_") && !$0.hasPrefix("friends_") }),
    ]
  }()
}
