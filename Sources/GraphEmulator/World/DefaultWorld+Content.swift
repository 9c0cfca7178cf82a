import GraphJSON

extension DefaultWorld {
  static let pages: [(String, String, String, String)] = [
    ("19292868552", "Facebook Developers", "Product/service", "FacebookDevelopers"),
    ("20531316728", "Facebook", "Product/service", "facebook"),
    ("108424279189115", "Cooking", "Interest", "cooking.interest"),
    ("146903518661553", "San Francisco Farmers Market", "Community", "sffarmersmarket"),
  ]

  static let messages = [
    "Trying the new ramen place on Geary tonight.", "Sunday brunch with the team!",
    "Anyone up for tacos in the Mission?", "Just finished a 10k along the Embarcadero.",
    "Fog rolled in again. Classic summer.", "Baked sourdough for the first time.",
    "Reading about the Graph API versions.", "Coffee count today: 3.",
    "Farmers market haul: peaches and heirloom tomatoes.", "Happy Friday everyone!",
  ]

  static func addPages(_ b: inout WorldBuilder) {
    b.add(
      sanFrancisco.0, .page,
      [
        ("name", .string(sanFrancisco.1)), ("category", "City"),
        ("link", "https://www.facebook.com/pages/San-Francisco-California/114952118516947"),
        ("likes", 512_345),
      ])
    for (index, p) in pages.enumerated() {
      b.add(
        p.0, .page,
        [
          ("name", .string(p.1)), ("category", .string(p.2)),
          ("link", .string("https://www.facebook.com/\(p.3)")), ("username", .string(p.3)),
          ("likes", .number(JSONNumber(150_000 + index * 98_765))),
          ("about", .string("\(p.1) on Facebook.")),
        ])
    }
    // Alice manages the market's Page (its role: every task; `me/accounts`).
    b.link(alice, "accounts", managedPage)
    let events: [(String, String, Int, Int)] = [
      ("610000000000001", "Scrumptious launch dinner", 0, 14),
      ("610000000000002", "Mission taco crawl", 6, 30),
      ("610000000000003", "Ferry Building breakfast", 9, -20),
    ]
    for e in events {
      b.add(
        e.0, .event,
        [
          ("name", .string(e.1)), ("owner", b.reference(alice)),
          ("place", b.reference(placeID(e.2))),
          ("start_time", .string(GraphClock.iso(clock + e.3 * 86_400))),
          ("timezone", "America/Los_Angeles"), ("rsvp_status", "attending"),
        ])
      b.link(alice, "events", e.0)
      b.link(e.0, "attending", alice)
    }
  }

  static func addContent(_ b: inout WorldBuilder) {
    let from = b.reference(alice)
    // 42 feed posts, newest first, every ~3.7 days back over five months.
    for n in 0..<42 {
      let id = "\(alice)_\(10_152_000_000_000 + 100 - n)"
      let time = clock - 3600 * 5 - n * 320_000
      var fields: [(String, JSONValue)] = [("from", from)]
      fields.append(("message", .string(messages[n % messages.count])))
      if n % 5 == 2 {
        fields += [
          ("link", "https://developers.facebook.com/docs/ios/"),
          ("name", "Facebook SDK for iOS"), ("caption", "developers.facebook.com"),
          ("description", "Build social apps on iOS."), ("type", "link"),
        ]
      } else {
        fields.append(("type", "status"))
      }
      fields.append(("status_type", n % 5 == 2 ? "shared_story" : "mobile_status_update"))
      fields.append(("created_time", .string(GraphClock.iso(time))))
      fields.append(("updated_time", .string(GraphClock.iso(time + 600))))
      b.add(id, .post, fields)
      b.link(alice, "feed", id)
      b.link(alice, "posts", id)
      if n % 5 != 2 { b.link(alice, "statuses", id) }
      if n < 3 {
        for c in 0..<2 {
          let commenter = named[c + 1].0
          let commentID = "\(10_152_000_000_000 + 100 - n)_\(9000 + c)"
          b.add(
            commentID, .comment,
            [
              ("from", b.reference(commenter)), ("message", c == 0 ? "Nice!" : "Count me in."),
              ("created_time", .string(GraphClock.iso(time + 900 * (c + 1)))), ("like_count", 0),
            ])
          b.link(id, "comments", commentID)
          b.link(id, "likes", commenter)
        }
      }
    }
    addPhotos(&b, from: from)
    for (index, page) in pages.enumerated() where index != 1 { b.link(alice, "likes", page.0) }
    for index in [0, 6, 13] { b.link(alice, "likes", placeID(index)) }
    for n in 0..<6 {
      let id = "\(10_151_500_000_000 + n)"
      let place = placeID([0, 3, 7, 13, 17, 25][n])
      b.add(
        id, .checkin,
        [
          ("from", from), ("place", b.reference(place)),
          ("application", ["name": "Scrumptious", "id": .string(appID)]),
          ("created_time", .string(GraphClock.iso(clock - (n + 1) * 9 * 86_400))),
        ])
      b.link(alice, "checkins", id)
    }
  }

  static func addPhotos(_ b: inout WorldBuilder, from: JSONValue) {
    let albums = [
      ("10150500000000001", "Profile Pictures"), ("10150500000000002", "Mobile Uploads"),
    ]
    for (a, album) in albums.enumerated() {
      b.add(
        album.0, .album,
        [
          ("from", from), ("name", .string(album.1)),
          ("link", .string("https://www.facebook.com/album.php?fbid=\(album.0)")),
          ("count", 4), ("type", a == 0 ? "profile" : "mobile"),
          ("created_time", .string(GraphClock.iso(clock - 200 * 86_400))),
        ])
      b.link(alice, "albums", album.0)
      for p in 0..<4 {
        let id = "\(10_150_600_000_000 + a * 10 + p)"
        b.add(
          id, .photo, photoFields(id: id, from: from, time: clock - (a * 4 + p + 1) * 17 * 86_400))
        b.nodes[id]?.fields["album"] = ["name": .string(album.1), "id": .string(album.0)]
        b.link(album.0, "photos", id)
        b.link(alice, "photos", id)
      }
      b.nodes[album.0]?.fields["cover_photo"] = .string("\(10_150_600_000_000 + a * 10)")
    }
  }

  /// The fields of a photo node: `source` and `images` point at a stable CDN-style URL.
  static func photoFields(id: String, from: JSONValue, time: Int, name: String? = nil)
    -> [(String, JSONValue)]
  {
    let source = PictureCDN.photoSource(id)
    var fields: [(String, JSONValue)] = [("from", from)]
    if let name { fields.append(("name", .string(name))) }
    fields += [
      ("picture", .string(PictureCDN.photoThumbnail(id))),
      ("source", .string(source)), ("height", 720), ("width", 960),
      ("images", [["height": 720, "source": .string(source), "width": 960]]),
      ("link", .string("https://www.facebook.com/photo.php?fbid=\(id)")),
      ("created_time", .string(GraphClock.iso(time))),
      ("updated_time", .string(GraphClock.iso(time))),
    ]
    return fields
  }
}
