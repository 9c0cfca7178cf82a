import GraphAPI

/// The emulator's CDN-style picture URLs (`Picture.url`: what answers for
/// `https://graph.facebook.com` name) read back, so a client that reaches those hosts (through
/// `graph-explorer proxy`) gets the person's generated picture: the inverse of `Picture`'s URL
/// rule, kept beside it.
public enum PictureCDN {
  /// The host of the profile pictures `Picture` names.
  public static let host = "fbcdn-profile-a.akamaihd.net"

  /// The path of the emulator's own picture for a CDN URL `Picture` wrote
  /// (`/_emulator/picture/<id>?width=W&height=H`), or `nil` when `url` is not one.
  /// `p{W}x{H}/<id>_n.jpg` is W by H; `s{W}x{4W}/<id>_n.jpg` is W wide, as tall as the
  /// picture. (The silhouette's GIF names no one and stays unanswered.)
  public static func emulatorPath(for url: String) -> String? {
    guard let parts = URLParts(url), parts.host.lowercased() == host else { return nil }
    let segments = parts.path.split(separator: "/")
    guard segments.count >= 2, let file = segments.last, file.hasSuffix("_n.jpg") else {
      return nil
    }
    let id = file.dropLast("_n.jpg".count)
    let size = segments[segments.count - 2]
    guard !id.isEmpty, id.allSatisfy(\.isNumber), let kind = size.first, kind == "p" || kind == "s"
    else { return nil }
    let sides = size.dropFirst().split(separator: "x")
    guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else {
      return nil
    }
    return
      "/\(PictureBytes.pathRoot)/picture/\(id)?width=\(width)&height=\(kind == "s" ? 0 : height)"
  }
}
