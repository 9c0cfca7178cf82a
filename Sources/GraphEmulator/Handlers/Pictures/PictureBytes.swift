import GraphAPI
import GraphJSON

/// Picture and photo bytes through `serve`: a profile picture redirects to a URL on the server
/// itself, which answers a PNG generated from the person's id; uploaded photos answer their
/// bytes. Answers for `https://graph.facebook.com` keep the fbcdn-style URLs.
enum PictureBytes {
  /// The first path component of the emulator's own byte URLs.
  static let pathRoot = "_emulator"
  /// The largest side generated; bigger asks are answered at this size.
  static let maxSide = 720

  /// Whether answers for `origin` may point at the server itself (anything but Graph's host).
  static func isLocal(_ origin: String) -> Bool {
    !origin.hasSuffix("://graph.facebook.com") && !origin.hasSuffix("://www.facebook.com")
  }

  /// A deterministic picture of `id`: a background and a head-and-shoulders figure in
  /// colours drawn from the id's SHA-256 (grey for a silhouette).
  static func png(id: String, width: Int, height: Int, silhouette: Bool) -> [UInt8] {
    let w = max(1, min(maxSide, width))
    let h = max(1, min(maxSide, height == 0 ? width : height))
    let digest = SHA256.hash(Array(id.utf8))
    let background: (UInt8, UInt8, UInt8) =
      silhouette ? (216, 222, 233) : (digest[0] / 2 + 96, digest[1] / 2 + 96, digest[2] / 2 + 96)
    let figure: (UInt8, UInt8, UInt8) =
      silhouette ? (255, 255, 255) : (digest[3] / 3, digest[4] / 3, digest[5] / 3)
    var rgb = [UInt8](repeating: 0, count: w * h * 3)
    let side = Double(min(w, h))
    let cx = Double(w) / 2
    let headY = Double(h) * 0.4
    let headR = side * 0.2
    let bodyY = Double(h) * 1.0
    let bodyR = side * 0.42
    for y in 0..<h {
      for x in 0..<w {
        let px = Double(x) + 0.5
        let py = Double(y) + 0.5
        let inHead = (px - cx) * (px - cx) + (py - headY) * (py - headY) <= headR * headR
        let inBody = (px - cx) * (px - cx) + (py - bodyY) * (py - bodyY) <= bodyR * bodyR
        let colour = inHead || inBody ? figure : background
        let i = (y * w + x) * 3
        rgb[i] = colour.0
        rgb[i + 1] = colour.1
        rgb[i + 2] = colour.2
      }
    }
    return PNGEncoder.encode(width: w, height: h, rgb: rgb)
  }
}

extension Picture {
  /// This picture with its URL on the server at `origin` when that is not Graph itself.
  func served(from origin: String) -> Picture {
    guard PictureBytes.isLocal(origin) else { return self }
    var copy = self
    copy.url =
      "\(origin)/\(PictureBytes.pathRoot)/picture/\(PercentEncoding.encode(nodeID))"
      + "?width=\(width)&height=\(height)"
    return copy
  }
}

extension Router {
  /// `GET /_emulator/picture/<id>?width=&height=`: the PNG of a person, page or event.
  func pictureBytes(_ call: GraphCall) throws(GraphError) -> Outcome {
    let id = call.path[2]
    guard let node = state.world.nodes[id] else { throw .unsupported("GET", id: id) }
    let width = call["width"].flatMap { Int($0) } ?? 50
    let height = call["height"].flatMap { Int($0) } ?? 0
    guard width > 0, height >= 0 else {
      throw .parameter("Param width and height must be positive")
    }
    let silhouette = node.fields["picture_silhouette"]?.boolValue == true
    return .document(
      contentType: "image/png",
      body: PictureBytes.png(id: id, width: width, height: height, silhouette: silhouette))
  }

  /// `GET /_emulator/photo/<photo-id>`: the bytes uploaded for a photo (its `source`).
  func photoBytes(_ call: GraphCall) throws(GraphError) -> Outcome {
    let id = call.path[2]
    guard let upload = state.surface.photoBytes[id] else { throw .unsupported("GET", id: id) }
    // The declared type is the uploader's word: the bytes decide (`DocumentPolicy`).
    return .document(
      contentType: DocumentPolicy.sniffedImageType(upload.bytes), body: upload.bytes)
  }
}

extension Router {
  /// Keeps an uploaded photo's bytes; on `serve` its `source`, `picture` and `images` URLs
  /// then point at the server itself, which answers those bytes.
  mutating func keepPhotoBytes(_ photoID: String, call: GraphCall) {
    guard let upload = call.upload else { return }
    state.mutate { contents in
      contents.surface.photoBytes[photoID] = upload
      guard PictureBytes.isLocal(call.origin), var node = contents.world.nodes[photoID] else {
        return
      }
      let url = JSONValue.string(
        "\(call.origin)/\(PictureBytes.pathRoot)/photo/\(PercentEncoding.encode(photoID))")
      node.fields["source"] = url
      node.fields["picture"] = url
      node.fields["images"] = [["height": 720, "source": url, "width": 960]]
      contents.world.insert(node)
    }
  }
}
