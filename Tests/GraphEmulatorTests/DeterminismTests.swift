import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// A recorded session must replay byte for byte in any process: the digest of a long, varied
/// session is fixed. (Swift seeds dictionary hashing per process, so any answer that depended on
/// dictionary order would change this digest from run to run.) When a behaviour changes on
/// purpose, print the new digest with `EMULATOR_PRINT_DIGEST=1` and update it here.
let sessionDigest = "5c9406fee9f9ded120579f6ed36db93ae123c2af5c1bd17e47c590d7effaa86e"

func sessionTranscript() -> [UInt8] {
  let emulator = GraphEmulator()
  let publish = "CAAEmuAlicePublish"
  var steps: [(String, String, String?, [(String, String)])] = [
    ("GET", "me", "CAAEmuAlice", []), ("GET", "v1.0/me", "CAAEmuAlice", []),
    ("GET", "v2.4/me", "CAAEmuAlice", []), ("GET", "me?metadata=1", "CAAEmuAlice", []),
    ("GET", "me/friends?limit=7&fields=name,picture,installed", "CAAEmuAlice", []),
    ("GET", "me/feed?limit=4", "CAAEmuAlice", []), ("GET", "me/albums", "CAAEmuAlice", []),
    ("GET", "me/photos?limit=3", "CAAEmuAlice", []), ("GET", "me/likes", "CAAEmuAlice", []),
    ("GET", "me/events", "CAAEmuAlice", []), ("GET", "v1.0/me/checkins", "CAAEmuAlice", []),
    (
      "GET", "search?type=place&center=37.785834,-122.406417&distance=5000&limit=50", "CAAEmuAlice",
      []
    ),
    ("GET", "search?type=page&q=a", "CAAEmuAlice", []),
    ("GET", "search?type=user&q=a&limit=100", "CAAEmuAlice", []),
    ("POST", "me/feed", publish, [("message", "one")]),
    ("POST", "me/photos", publish, [("url", "http://x/y.jpg")]),
    (
      "POST", "me/fb_sample_scrumps:eat", publish,
      [("meal", "http://x/m?og:title=Soup"), ("tags", "100001000000003")]
    ),
    ("GET", "me/feed?limit=2&fields=id,message,type", publish, []),
    ("DELETE", "100001000000001_10152000000100", publish, []),
    ("GET", "debug_token?input_token=CAAEmuAlice", "CAAEmuAlice", []),
    ("GET", "me", nil, []), ("GET", "me", "CAAEmuAliceExpired", []),
    ("GET", "me", "CAAEmuKofi", []),
    ("GET", "?ids=100001000000002,100001000000005,19292868552", "CAAEmuAlice", []),
  ]
  steps.append(
    (
      "POST", "", publish,
      [
        (
          "batch",
          #"[{"relative_url":"me/friends?limit=3","name":"f"},{"relative_url":"?ids={result=f:$.data.*.id}"}]"#
        )
      ]
    ))
  var bytes: [UInt8] = []
  for (method, path, token, form) in steps {
    let answer = call(emulator, path, method: method, token: token, form: form)
    bytes += Array("\(answer.status)\n".utf8)
    for header in answer.headers { bytes += Array("\(header.name): \(header.value)\n".utf8) }
    bytes += Array(answer.text.utf8) + [10]
  }
  return bytes
}

@Test func sessionReplaysByteForByte() {
  let first = sessionTranscript()
  #expect(first == sessionTranscript())
  let digest = Hex.encode(SHA256.hash(first))
  if ProcessInfo.processInfo.environment["EMULATOR_PRINT_DIGEST"] == "1" {
    print("session digest: \(digest)")
  }
  #expect(digest == sessionDigest)
}
