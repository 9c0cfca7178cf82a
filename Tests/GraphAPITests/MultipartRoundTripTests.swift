import Foundation
import GraphAPI
import Testing

/// Found by the multipart fuzz target: a filename ending in backslashes, written back inside
/// quotes, swallowed its closing quote when read again (the reader takes `\"` as an escaped
/// quote), and the part was read back as another. What is read is written so that it reads back
/// the same.
@Suite struct MultipartRoundTripTests {
  @Test func aNameEndingInABackslashReadsBackTheSame() throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "Fuzz/corpus/multipart/backslash-before-closing-quote")
    let bytes = Array(try Data(contentsOf: corpus))
    let newline = try #require(bytes.firstIndex(of: 0x0A))
    let form = try MultipartFormData(
      parsing: Array(bytes[(newline + 1)...]),
      contentType: String(decoding: bytes[..<newline], as: UTF8.self))
    let again = MultipartFormData(parameters: form.parameters, uploads: form.uploads)
    let read = try MultipartFormData(parsing: again.encoded(), contentType: again.contentType)
    #expect(read.parameters.items.count == form.parameters.items.count)
    #expect(read.uploads.map(\.bytes) == form.uploads.map(\.bytes))
    let named = MultipartFormData(
      parameters: QueryItems([.init(name: #"a\"#, value: "1")]), uploads: [])
    let back = try MultipartFormData(parsing: named.encoded(), contentType: named.contentType)
    #expect(back.parameters.items.count == 1)
  }
}
