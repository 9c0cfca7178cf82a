import GraphAPI

/// The emulator's CDN-style picture and photo URLs (`Picture.url`: what answers for
/// `https://graph.facebook.com` name; a photo's `source` and `picture`) read back, so a client
/// that reaches those hosts (through `graph-explorer proxy`, or a `serve` behind
/// `proxy --record --upstream`) gets the person's generated picture or the photo's uploaded
/// bytes: the inverse of the URL rules, kept beside them.
public enum PictureCDN {
  /// The host of the profile pictures `Picture` names.
  public static let host = "fbcdn-profile-a.akamaihd.net"
  /// The hosts of a photo's full-size `source` and its thumbnail `picture`.
  static let photoHost = "fbcdn-sphotos-a-a.akamaihd.net"
  static let thumbnailHost = "fbcdn-photos-a-a.akamaihd.net"

  /// A photo's `source` (`_o.jpg`, full size).
  static func photoSource(_ id: String) -> String {
    "https://\(photoHost)/hphotos-ak-xpa1/t31.0-8/\(id)_o.jpg"
  }

  /// A photo's `picture` (`_s.jpg`, the thumbnail).
  static func photoThumbnail(_ id: String) -> String {
    "https://\(thumbnailHost)/hphotos-ak-xpa1/t1.0-0/\(id)_s.jpg"
  }

  /// The path of the emulator's own bytes for a CDN URL the emulator wrote, or `nil` when
  /// `url` is not one: a profile picture (`/_emulator/picture/<id>?width=W&height=H`;
  /// `p{W}x{H}/<id>_n.jpg` is W by H, `s{W}x{4W}/<id>_n.jpg` W wide, as tall as the picture),
  /// or a photo (`/_emulator/photo/<id>`, answered for uploaded photos). The silhouette's GIF
  /// names no one and stays unanswered.
  public static func emulatorPath(for url: String) -> String? {
    guard let parts = URLParts(url) else { return nil }
    let segments = parts.path.split(separator: "/")
    guard let file = segments.last else { return nil }
    switch parts.host.lowercased() {
    case photoHost, thumbnailHost:
      let id = file.dropLast(file.hasSuffix("_o.jpg") || file.hasSuffix("_s.jpg") ? 6 : file.count)
      guard !id.isEmpty, id.allSatisfy(\.isNumber) else { return nil }
      return "/\(PictureBytes.pathRoot)/photo/\(id)"
    case host:
      break
    default:
      return nil
    }
    guard segments.count >= 2, file.hasSuffix("_n.jpg") else { return nil }
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
