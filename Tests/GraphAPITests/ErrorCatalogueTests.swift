import GraphAPI
import Testing

@Suite struct ErrorCatalogueTests {
  /// Every row of the error table in the reference (docs/graph-api.md), with a code in its range.
  @Test(
    arguments: [
      (1, nil, "1"), (2, nil, "2"), (3, nil, "3"), (4, nil, "4"), (10, nil, "10"), (17, nil, "17"),
      (32, nil, "32"),
      (613, nil, "613"), (100, nil, "100"), (100, 33, "100/33"), (104, nil, "104"),
      (190, nil, "190"),
      (190, 458, "190/458"), (190, 459, "190/459"), (190, 460, "190/460"), (190, 463, "190/463"),
      (190, 464, "190/464"), (190, 467, "190/467"), (200, nil, "200-299"), (250, nil, "200-299"),
      (299, nil, "200-299"), (341, nil, "341"), (368, nil, "368"), (506, nil, "506"),
      (506, 1_455_006, "506/1455006"), (803, nil, "803"), (2500, nil, "2500"),
      (1_611_075, nil, "1611075"), (102, nil, "102"),
    ] as [(Int, Int?, String)])
  func coversTheReferenceTable(code: Int, subcode: Int?, label: String) throws {
    let entry = try #require(ErrorCatalogue.entry(code: code, subcode: subcode))
    #expect(entry.label == label)
  }

  @Test(
    arguments: [
      (190, 999, "190"), (100, 1, "100"), (2500, 7, "2500"), (210, 3, "200-299"),
    ] as [(Int, Int?, String)])
  func unknownSubcodeFallsBackToTheCode(code: Int, subcode: Int?, label: String) {
    #expect(ErrorCatalogue.entry(code: code, subcode: subcode)?.label == label)
  }

  @Test func unknownCodesHaveNoEntry() {
    #expect(ErrorCatalogue.entry(code: 12345) == nil)
    #expect(ErrorCatalogue.entry(code: 300) == nil)
    #expect(ErrorCatalogue.entry(for: GraphErrorBody(message: "x")) == nil)
  }

  @Test func referenceMessagesAreCatalogued() {
    let samples: [(Int, Int?, String)] = [
      (
        2500, nil,
        "An active access token must be used to query information about the current user."
      ),
      (2500, nil, "Unknown path components: /foo"),
      (190, nil, "Invalid OAuth access token."),
      (100, nil, "(#100) Tried accessing nonexisting field (foo) on node type (User)"),
      (100, nil, "Invalid appsecret_proof provided in the API argument"),
      (200, nil, "(#200) Requires extended permission: publish_actions"),
      (4, nil, "(#4) Application request limit reached"),
      (506, nil, "(#506) Duplicate status message"),
      (3, nil, "(#3) Publishing likes through the API is only available for page access tokens"),
      (1, nil, "An unknown error has occurred."),
    ]
    for (code, subcode, message) in samples {
      #expect(
        ErrorCatalogue.entry(code: code, subcode: subcode)?.messages.contains(message) == true,
        "\(code)")
    }
    #expect(ErrorCatalogue.entry(code: 100, subcode: 33)?.type == "GraphMethodException")
    #expect(ErrorCatalogue.entry(code: 2)?.type == "FacebookApiException")
    #expect(ErrorCatalogue.entry(code: 1_611_075)?.type == "Exception")
  }

  @Test func everyEntryIsExplainedInSentencesAndUnique() {
    var labels = Set<String>()
    for entry in ErrorCatalogue.entries {
      #expect(labels.insert(entry.label).inserted, "duplicate \(entry.label)")
      for text in [entry.meaning, entry.likelyCause, entry.fix] {
        #expect(text.count > 20 && text.hasSuffix("."), "\(entry.label): \(text)")
      }
      #expect(!entry.messages.isEmpty && !entry.title.isEmpty, "\(entry.label)")
      #expect((400...599).contains(entry.httpStatus))
    }
  }
}
