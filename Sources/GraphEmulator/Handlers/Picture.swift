import GraphAPI
import GraphJSON

/// A profile picture: the CDN-style URL for the asked size and `is_silhouette`
/// (`/me/picture` redirects to it; `redirect=false` and the `picture` field answer it as data).
struct Picture {
  var url: String
  var isSilhouette: Bool
  /// The node pictured and the size asked (height 0: as tall as the picture is).
  var nodeID: String
  var width: Int
  var height: Int

  /// Size from `type=square|small|normal|large` or `width`/`height` (modifiers or parameters).
  init(node: Node, modifiers: [FieldSelection.Field.Modifier], parameters: (String) -> String?) {
    func option(_ name: String) -> String? {
      modifiers.first { $0.name == name }?.arguments.first ?? parameters(name)
    }
    var width = 50
    var height = 50
    switch option("type") {
    case "small": (width, height) = (50, 0)
    case "normal": (width, height) = (100, 0)
    case "large": (width, height) = (200, 0)
    default: break
    }
    if let w = option("width").flatMap({ Int($0) }) { width = w }
    if let h = option("height").flatMap({ Int($0) }) { height = h }
    if option("width") != nil && option("height") == nil { height = 0 }
    nodeID = node.id
    self.width = width
    self.height = height
    let size = height == 0 ? "s\(width)x\(width * 4)" : "p\(width)x\(height)"
    isSilhouette = node.type == .user && node.fields["picture_silhouette"]?.boolValue == true
    url =
      isSilhouette
      ? "https://fbstatic-a.akamaihd.net/rsrc.php/v2/yo/r/UlIqmHJn-SK.gif"
      : "https://fbcdn-profile-a.akamaihd.net/hprofile-ak-xpa1/v/t1.0-1/\(size)/\(node.id)_n.jpg"
  }

  /// `{"url","is_silhouette"}`.
  var data: JSONValue { ["url": .string(url), "is_silhouette": .bool(isSilhouette)] }
}
