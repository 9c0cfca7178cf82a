import GraphAPI
import GraphJSON

/// Facebook's link shim: an outside link in an answer (a post's `attachments.url`) is given
/// as `http://www.facebook.com/l.php?u=<target>&h=<hash>&enc=<...>`, and the hash is made for
/// each request (Facebook's note "Link Shim - Protecting the People who Use Facebook from
/// Malicious URLs", 2012: the shim checks a hash so that it is no open redirector). A public
/// recording shows it: the same post read twice one second apart (ISS-SOA/facegroup's
/// facebook_api.yml, #3 and #4) gives the same `u` with another `h` and `enc`. So verify
/// compares a shimmed link by its target `u` alone; a world keeps one of the values.
enum LinkShim {
  /// The hosts that serve the shim.
  static let hosts: Set<String> = [
    "facebook.com", "www.facebook.com", "m.facebook.com", "l.facebook.com", "lm.facebook.com",
  ]

  /// The link's target (`u`) when `url` is a shimmed link.
  static func target(_ url: String) -> String? {
    guard let parts = URLParts(url), hosts.contains(parts.host.lowercased()),
      parts.path == "/l.php"
    else { return nil }
    return parts.queryItems["u"]
  }

  /// Whether `difference` is a shimmed link changed only in what the shim makes per request.
  static func sameTarget(_ difference: JSONDifference) -> Bool {
    guard case .changed(let from, let to) = difference.change,
      let recorded = from.stringValue.flatMap(target), let actual = to.stringValue.flatMap(target)
    else { return false }
    return recorded == actual
  }
}
