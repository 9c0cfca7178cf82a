import Foundation
import GraphJSON
import GraphYAML

/// Ruby VCR and vcrpy YAML, read as a stream: each interaction is decoded as soon as the
/// reader has its node, and the node is dropped, so the file, a tree of the whole file and the
/// cassette are never all alive at once.
extension VCRCodec {
  /// Decodes the YAML cassette in `bytes` (taken over: the reader owns and releases them).
  ///
  /// - Throws: `.invalidInterchange` with the line and column of a YAML problem or naming the
  ///   interaction and field of a cassette one.
  ///
  /// - Parameter largeScalarBytes: scalars this large are kept out of each interaction's tree
  ///   (bodies are made from their bytes).
  static func decodeYAML(
    _ bytes: consuming [UInt8], dialect: Dialect, reader: FieldReader,
    largeScalarBytes: Int = YAMLReader.largeScalarBytes
  ) throws(CassetteError) -> Cassette {
    try bytes.withUnsafeBufferPointer { buffer throws(CassetteError) in
      try checkEncoding(buffer, reader: reader)
    }
    var taken: [UInt8]? = bytes
    return try decodeYAML(dialect: dialect, reader: reader) {
      key, sink throws(YAMLReader.Failure) in
      let bytes = taken.take() ?? []
      return try YAMLReader.parse(
        bytes, streaming: key, largeScalarBytes: largeScalarBytes, into: sink)
    }
  }

  /// As `decodeYAML(_:dialect:reader:)`, from a mapped file, whose pages are given back as
  /// the reader passes them.
  static func decodeYAML(_ file: MappedFile, dialect: Dialect, reader: FieldReader)
    throws(CassetteError) -> Cassette
  {
    try checkEncoding(UnsafeBufferPointer(file.bytes), reader: reader, passed: file.discarding())
    return try decodeYAML(dialect: dialect, reader: reader) {
      key, sink throws(YAMLReader.Failure) in
      try YAMLReader.parse(
        file.bytes, discard: { file.discard(from: $0, before: $1) }, streaming: key, into: sink)
    }
  }

  /// `YAMLEncodingCheck.check`, its failure named as a field of the file.
  private static func checkEncoding(
    _ bytes: UnsafeBufferPointer<UInt8>, reader: FieldReader, passed: (Int) -> Void = { _ in }
  ) throws(CassetteError) {
    do {
      try YAMLEncodingCheck.check(bytes, passed: passed)
    } catch {
      throw reader.error("line \(error.line), column \(error.column)", error.message)
    }
  }

  private static func decodeYAML(
    dialect: Dialect, reader: FieldReader,
    parse: (String, @escaping YAMLReader.Sink) throws(YAMLReader.Failure) -> (
      value: JSONValue, streamedMember: Int?
    )
  ) throws(CassetteError) -> Cassette {
    let key = dialect == .ruby ? "http_interactions" : "interactions"
    final class Collected {
      var interactions: [Interaction] = []
    }
    let collected = Collected()
    let parsed: (value: JSONValue, streamedMember: Int?)
    do {
      parsed = try parse(key) { item, index, large throws(CassetteError) in
        // A key given twice keeps its last sequence, as a lookup of the tree would.
        if index == 0 { collected.interactions.removeAll() }
        var item = item
        let placed = YAMLReader.LargeScalar.place(large, in: &item)
        collected.interactions.append(
          try decodeInteraction(item, reader: reader.entry(index), kept: placed))
      }
    } catch {
      if let cause = error.cause as? CassetteError { throw cause }
      throw .invalidInterchange(
        path: reader.path, format: reader.format ?? dialect.name, entry: nil,
        field: "line \(error.line), column \(error.column)", problem: error.message)
    }
    if dialect == .ruby, case .array(let items) = parsed.value {
      return try decodeVCR1(items, reader: reader)
    }
    let root = try reader.object(parsed.value, "(top level)")
    let last = root.members.lastIndex { $0.key == key }
    guard let streamed = parsed.streamedMember, last == streamed else {
      // Not a block sequence (a flow list, null, a mapping): decoded from the tree.
      return try decode(parsed.value, dialect: dialect, reader: reader)
    }
    var cassette = Cassette()
    cassette.recordedWith = root["recorded_with"]?.stringValue
    cassette.interactions = collected.interactions
    return cassette
  }

  /// Whether `bytes` look like a Ruby VCR 1.x cassette: a top-level list of
  /// `!ruby/struct:VCR::HTTPInteraction` items.
  static func isVCR1(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    Interchange.hasLine(startingWith: "- !ruby/struct:VCR::HTTPInteraction", in: bytes)
  }

  /// A Ruby VCR 1.x cassette, still kept in many repositories: a list of
  /// `!ruby/struct:VCR::HTTPInteraction` items whose request has `method: :get` (a Ruby symbol)
  /// and a URI with its port spelled out (`https://graph.facebook.com:443/me`, VCR 1.x's
  /// normalised form of what was requested, without it), no `recorded_at`, and a plain-text
  /// body; the rest is read as VCR 2 and later write it.
  static func decodeVCR1(_ items: [JSONValue], reader: FieldReader) throws(CassetteError)
    -> Cassette
  {
    var cassette = Cassette()
    cassette.recordedWith = "VCR 1.x"
    cassette.interactions.reserveCapacity(items.count)
    // VCR 1.x kept no times: each interaction was recorded when the file was last written, as
    // VCR's own migrator has it (`interaction.recorded_at = File.mtime(cassette)`, vcr
    // lib/vcr/cassette/migrator.rb), so that an export to Ruby VCR has a `recorded_at` it reads.
    var info = stat()
    let written =
      stat(reader.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
      ? HTTPDates.iso(from: Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))) : ""
    for (index, item) in items.enumerated() {
      var interaction = try decodeInteraction(item, reader: reader.entry(index))
      if interaction.recordedAt.isEmpty { interaction.recordedAt = written }
      interaction.request.url = withoutDefaultPort(interaction.request.url)
      cassette.interactions.append(interaction)
    }
    return cassette
  }

  /// `url` without `:443` after an https host or `:80` after an http one.
  static func withoutDefaultPort(_ url: String) -> String {
    for (scheme, port) in [("https://", ":443"), ("http://", ":80")] where url.hasPrefix(scheme) {
      let rest = url.dropFirst(scheme.count)
      let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
      let authority = rest[..<hostEnd]
      guard authority.hasSuffix(port) else { return url }
      return scheme + authority.dropLast(port.count) + rest[hostEnd...]
    }
    return url
  }
}
