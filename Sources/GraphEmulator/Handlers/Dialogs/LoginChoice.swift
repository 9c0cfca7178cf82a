/// What a person's answer to the login dialog grants and declines. The dialog lets them untick
/// each permission asked but the public profile; it does not ask again for what they granted
/// before, nor for what they declined unless the app asks with `auth_type=rerequest`
/// ("Managing Permissions" and "Handling Declined Permissions", Facebook Login).
struct LoginChoice: Equatable {
  /// Granted with every login, never offered to untick.
  static let required = ["public_profile", "basic_info"]

  /// This login's grants: the required ones, then those asked and granted, in asked order.
  var granted: [String]
  /// Those asked and not granted (the redirect's `denied_scopes`).
  var declined: [String]

  /// - Parameters:
  ///   - asked: the dialog's `scope`.
  ///   - ticked: the permissions left ticked in the form; `nil` when the form carried no
  ///     choices (a client posting the decision alone grants everything asked).
  ///   - prior: what the person granted and declined before.
  ///   - rerequest: `auth_type=rerequest`: declined permissions are asked again.
  init(asked: [String], ticked: [String]?, prior: PersonGrants, rerequest: Bool) {
    granted = Self.required
    declined = []
    for scope in asked where !granted.contains(scope) && !declined.contains(scope) {
      if prior.granted.contains(scope) {
        granted.append(scope)
      } else if prior.declined.contains(scope) && !rerequest {
        declined.append(scope)
      } else if ticked?.contains(scope) ?? true {
        granted.append(scope)
      } else {
        declined.append(scope)
      }
    }
  }
}
