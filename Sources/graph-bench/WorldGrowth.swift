import Foundation
import GraphAPI
import GraphCassette
import GraphJSON

/// The `world` case of `graph-bench growth`: `graph-explorer world --from` on a recorded
/// session of N interactions, run as a child (the whole command: load, redact, learn, check the
/// world, write it), with its CPU time. The session pages through a few long edges one item at
/// a time, as a client reading a large friend list or feed does, so that the items of one edge
/// grow with N (what issue 48 found quadratic):
/// - `me/friends`, one person a page;
/// - each of those people read by id, with fields;
/// - `me/feed`, one post a page, each with a comment and a like;
/// - a Page's `posts`, one post a page.
enum WorldGrowth {
  static let me = "100004000000001"
  static let page = "1500004000000001"

  /// A native cassette of `size` interactions of the shapes above (the first reads `me`).
  static func cassette(_ size: Int) -> Cassette {
    var interactions: [Interaction] = []
    interactions.reserveCapacity(size)
    interactions.append(
      interaction("me?fields=id,name", ["id": .string(me), "name": "Bench Me"], at: 0))
    for i in 1..<max(size, 1) {
      let person = String(100_004_100_000_000 + i)
      let next = "https://graph.facebook.com/v2.5/\(me)/friends?limit=1&after=QVFI\(i + 1)"
      let path: String
      let body: JSONValue
      switch i % 4 {
      case 1:
        path = "me/friends?limit=1&after=QVFI\(i)"
        body = [
          "data": [["id": .string(person), "name": .string("Person \(i)")]],
          "paging": [
            "cursors": ["before": .string("QVFI\(i)"), "after": .string("QVFI\(i + 1)")],
            "next": .string(next),
          ],
        ]
      case 2:
        let friend = String(100_004_100_000_000 + i - 1)
        path = "\(friend)?fields=id,name,first_name,last_name,gender,locale"
        body = [
          "id": .string(friend), "name": .string("Person \(i - 1)"),
          "first_name": "Person", "last_name": .string("\(i - 1)"), "gender": "female",
          "locale": "en_GB",
        ]
      case 3:
        let post = "\(me)_\(200_004_000_000_000 + i)"
        path = "me/feed?limit=1&until=\(1_450_000_000 - i)"
        body = [
          "data": [
            [
              "id": .string(post), "message": .string("Post \(i) on the feed"),
              "from": ["id": .string(me), "name": "Bench Me"],
              "created_time": "2016-03-01T10:00:00+0000",
              "comments": [
                "data": [
                  [
                    "id": .string("\(200_004_000_000_000 + i)_\(i)"),
                    "from": ["id": .string(person), "name": .string("Person \(i)")],
                    "message": "Nice", "created_time": "2016-03-01T10:05:00+0000",
                  ]
                ]
              ],
              "likes": ["data": [["id": .string(person), "name": .string("Person \(i)")]]],
            ]
          ],
          "paging": [
            "next": .string(
              "https://graph.facebook.com/v2.5/\(me)/feed?limit=1&until=\(1_450_000_000 - i - 1)")
          ],
        ]
      default:
        let post = "\(page)_\(300_004_000_000_000 + i)"
        path = "\(page)/posts?limit=1&after=QVFP\(i)"
        body = [
          "data": [
            [
              "id": .string(post), "message": .string("Page post \(i)"),
              "from": ["id": .string(page), "name": "Bench Garden", "category": "Community"],
              "created_time": "2016-03-01T09:00:00+0000",
            ]
          ],
          "paging": ["cursors": ["after": .string("QVFP\(i + 1)")]],
        ]
      }
      interactions.append(interaction(path, body, at: i))
    }
    return Cassette(interactions: interactions, recordedWith: "graph-bench")
  }

  static func interaction(_ path: String, _ body: JSONValue, at i: Int) -> Interaction {
    let separator = path.contains("?") ? "&" : "?"
    return Interaction(
      request: HTTPRequest(
        method: "GET",
        url: "https://graph.facebook.com/v2.5/\(path)\(separator)access_token=<ACCESS_TOKEN_1>",
        headers: ["User-Agent": "FBiOSSDK.4.10.0"]),
      response: HTTPResponse(
        status: 200,
        headers: [
          "Content-Type": "application/json; charset=UTF-8", "facebook-api-version": "v2.5",
        ],
        body: Array(body.compactText.utf8), duration: .milliseconds(40)),
      recordedAt: String(format: "2016-03-01T10:%02d:%02d.000Z", i / 60 % 60, i % 60))
  }

  /// Runs `graph-explorer world --from` on a cassette of `size` interactions saved in `dir`:
  /// the child's run and the world file's size in bytes, or a reason it failed.
  static func run(_ size: Int, in dir: String) -> Result<(ChildRun, Int), WorldGrowthError> {
    guard let binary = BenchBinaries.requireGraphExplorer() else {
      return .failure(.init(reason: "no graph-explorer beside graph-bench"))
    }
    let input = dir + "/world-\(size).json"
    let output = dir + "/world-\(size).world.json"
    do { try cassette(size).save(to: input) } catch {
      return .failure(.init(reason: "\(error)"))
    }
    defer {
      unlink(input)
      unlink(output)
    }
    guard let child = ChildRun.spawn([binary, "world", "--from", input, "-o", output, "--force"])
    else { return .failure(.init(reason: "cannot run \(binary)")) }
    guard child.status == 0 else {
      return .failure(.init(reason: "graph-explorer world exited with \(child.status)"))
    }
    var written = stat()
    guard stat(output, &written) == 0, written.st_size > 0 else {
      return .failure(.init(reason: "graph-explorer world wrote no \(output)"))
    }
    return .success((child, Int(written.st_size)))
  }
}

struct WorldGrowthError: Error, CustomStringConvertible {
  var reason: String
  var description: String { reason }
}
