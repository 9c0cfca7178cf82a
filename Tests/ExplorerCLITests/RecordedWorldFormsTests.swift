import Foundation
import GraphAPI
import GraphGzip
import GraphTestSupport
import Testing

@testable import ExplorerCLI
@testable import GraphCassette

/// Issue 42, item 5: a world built `--from` a recording answers every recorded read as recorded,
/// whatever form the recording keeps its answers in (Ruby VCR's gzip kept `!binary`, its
/// `base64_string`), read by vanity names, with edges recorded empty, at the version the
/// recording was answered at; and the world file holds no raw secret of the recording.
@Suite struct RecordedWorldFormsTests {
  /// How a fixture stores an answer's body.
  enum Form { case text, gzipBinary, base64 }

  /// One recorded read of the real Graph API.
  struct Read {
    var url: String
    var body: String
    var form: Form = .text
  }

  /// A Ruby VCR 2.x cassette (the YAML Psych writes) of `reads`, recorded on `date`.
  static func vcr(_ reads: [Read], date: String) -> String {
    var out = "---\nhttp_interactions:\n"
    for read in reads {
      var lines = [
        "- request:", "    method: get", "    uri: \(read.url)", "    body:",
        "      encoding: US-ASCII", "      string: ''", "    headers:", "      Accept-Encoding:",
        "      - gzip;q=1.0,deflate;q=0.6,identity;q=0.3", "  response:", "    status:",
        "      code: 200", "      message: OK", "    headers:", "      Content-Type:",
        "      - application/json; charset=UTF-8",
      ]
      switch read.form {
      case .text:
        lines += ["    body:", "      encoding: UTF-8", "      string: '\(read.body)'"]
      case .gzipBinary:
        let packed = Data(Gzip.compress(Array(read.body.utf8))).base64EncodedString()
        lines += [
          "      Content-Encoding:", "      - gzip", "    body:", "      encoding: ASCII-8BIT",
          "      string: !binary |-", "        \(packed)",
        ]
      case .base64:
        lines += [
          "    body:", "      encoding: ASCII-8BIT",
          "      base64_string: \(Data(read.body.utf8).base64EncodedString())",
        ]
      }
      lines += ["    http_version:", "  recorded_at: \(date)"]
      out += lines.joined(separator: "\n") + "\n"
    }
    return out + "recorded_with: VCR 2.9.3\n"
  }

  /// Reads of 2013 (Graph v1.0 for an unversioned call), by vanity name and by id, one answer
  /// of each stored form, a friends list recorded empty, and a Page read by its name at v2.3.
  static let publicReads: [Read] = [
    Read(
      url: "https://graph.facebook.com/tahrd108?access_token=AAACEdEose0cBAKqLrTJk7ZBZCkqOqZA",
      body:
        #"{"id":"100003456789012","name":"Tahir Durrani","first_name":"Tahir","last_name":"Durrani","link":"https:\/\/www.facebook.com\/tahrd108","username":"tahrd108","gender":"male","locale":"en_US"}"#,
      form: .gzipBinary),
    Read(
      url:
        "https://graph.facebook.com/100003456789012/friends?access_token=AAACEdEose0cBAKqLrTJk7ZBZCkqOqZA",
      body: #"{"data":[]}"#, form: .base64),
    Read(
      url: "https://graph.facebook.com/v2.3/cocacola?access_token=AAACEdEose0cBAKqLrTJk7ZBZCkqOqZA",
      body:
        #"{"id":"40796308305","name":"Coca-Cola","category":"Food\/beverages","likes":96271466}"#),
  ]

  /// Builds a world from `cassette` and verifies `cassette` against it.
  static func worldAndVerify(_ text: String, named name: String) async throws -> (
    made: ScriptModeTests.Run, verified: ScriptModeTests.Run, world: String
  ) {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: cassette))
    let (world, made, verified) = await RecordedWorldTests.worldAndVerify(cassette, in: scratch)
    let written = (try? String(contentsOfFile: world, encoding: .utf8)) ?? ""
    return (made, verified, written)
  }

  @Test func aWorldFromAPublicVCRCassetteAnswersEveryRecordedRead() async throws {
    let text = Self.vcr(Self.publicReads, date: "Tue, 05 Mar 2013 10:00:00 GMT")
    let (made, verified, world) = try await Self.worldAndVerify(text, named: "tahrd.yml")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("3 interaction(s), no drift"), "\(verified.output)")
    #expect(world.contains(#""tahrd108": "100003456789012""#), "the vanity name is an alias")
    #expect(world.contains(#""default_version": "v1.0""#), "answered as v1.0 in 2013")
  }

  @Test func anEdgeRecordedEmptyOfAnUnnamedMeStaysEmpty() async throws {
    let text = Self.vcr(
      [
        Read(
          url: "https://graph.facebook.com/v2.2/me/friends?access_token=CAAGZCfriendsZCtokenZBxyz",
          body: #"{"data":[]}"#, form: .gzipBinary)
      ], date: "Wed, 03 Jun 2015 08:00:00 GMT")
    let (made, verified, _) = try await Self.worldAndVerify(text, named: "empty.yml")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("1 interaction(s), no drift"), "\(verified.output)")
  }

  @Test func adObjectsAreTypedFromWhatTheRecordingShows() async throws {
    let token = "access_token=CAAGZCadsZCtokenZBxyz123"
    let text = Self.vcr(
      [
        Read(
          url:
            "https://graph.facebook.com/v2.5/act_1234567890?fields=name,account_status,currency&\(token)",
          body: #"{"name":"Acme Ads","account_status":1,"currency":"USD","id":"act_1234567890"}"#,
          form: .gzipBinary),
        Read(
          url:
            "https://graph.facebook.com/v2.5/act_1234567890/campaigns?fields=name,objective&\(token)",
          body:
            #"{"data":[{"name":"Spring sale","objective":"LINK_CLICKS","id":"6041234567890"}],"paging":{"cursors":{"before":"QVFIUjZA","after":"QVFIUjZA"}}}"#
        ),
        Read(
          url:
            "https://graph.facebook.com/v2.5/6041234567890?fields=name,objective,status,special_ad_categories&\(token)",
          body:
            #"{"name":"Spring sale","objective":"LINK_CLICKS","status":"PAUSED","special_ad_categories":["NONE"],"id":"6041234567890"}"#
        ),
      ], date: "Tue, 01 Mar 2016 10:00:00 GMT")
    let (made, verified, world) = try await Self.worldAndVerify(text, named: "ads.yml")
    #expect(made.status == .success, "\(made.errors)")
    #expect(made.output.contains("added 1 adaccount, 1 campaign"), "\(made.output)")
    #expect(world.contains(#""type": "adaccount""#))
    #expect(verified.output.contains("3 interaction(s), no drift"), "\(verified.output)")
  }

  @Test func aNativeCassetteGivesTheWorldNoRawSecret() async throws {
    let token = "EAAGm0PX4ZCpsBAKZCZBw8uZCnXfDZA1lZCqZCcZBt7gZD"
    let pageToken = "EAAGm0PX4ZCpsBAPageTokenZB9ZCZCqZCnXfDZA1lZD"
    let text = #"""
      {"graph_explorer_cassette":1,"interactions":[
      {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/me?access_token=\#(token)","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json"},"body":{"json":{"id":"10153012345678901","name":"Dana Reyes","about":"token \#(token)"}}},"recorded_at":"2016-03-01T10:00:00Z"},
      {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/me/accounts?access_token=\#(token)","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json"},"body":{"json":{"data":[{"access_token":"\#(pageToken)","category":"Community","name":"Dana's Garden","id":"1500000000000001","perms":["ADMINISTER"]}]}}},"recorded_at":"2016-03-01T10:00:01Z"}
      ]}
      """#
    let (made, _, world) = try await Self.worldAndVerify(text, named: "raw.json")
    #expect(made.status == .success, "\(made.errors)")
    #expect(world.contains("Dana's Garden"))
    #expect(!world.contains(token) && !world.contains(pageToken), "\(world)")
  }

  /// Seconds to learn `count` one-item pages of one edge and make the world.
  static func learningTime(_ count: Int) throws -> Duration {
    var builder = RecordedWorld(base: .default)
    return try ContinuousClock().measure {
      for i in 0..<count {
        let id = String(200_000_000_000_000 + i)
        builder.learn(
          Interaction(
            request: HTTPRequest(
              .get, url: "https://graph.facebook.com/v2.5/1/friends?limit=1&after=\(i)"),
            response: HTTPResponse(
              status: 200, body: Array(#"{"data":[{"id":"\#(id)","name":"P \#(i)"}]}"#.utf8)),
            recordedAt: ""))
      }
      let world = try builder.world()
      #expect(world.edges["1"]?["friends"]?.count == count)
    }
  }

  @Test func oneEdgeOfManyPagesIsLearnedInLinearTime() throws {
    // Four times the pages of one edge: about four times the time (quadratic before, when
    // every item searched the list: sixteen). A ratio, so that the machine's load cancels.
    let small = try Self.learningTime(4_000)
    let large = try Self.learningTime(16_000)
    #expect(large / small < 9, "4,000 pages: \(small), 16,000: \(large)")
  }
}
