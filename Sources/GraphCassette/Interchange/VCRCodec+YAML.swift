import GraphJSON

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
      try YAMLEncodingCheck.check(buffer, reader: reader)
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
    try YAMLEncodingCheck.check(
      UnsafeBufferPointer(file.bytes), reader: reader, passed: file.discarding())
    return try decodeYAML(dialect: dialect, reader: reader) {
      key, sink throws(YAMLReader.Failure) in
      try YAMLReader.parse(file, streaming: key, into: sink)
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
      if let cause = error.cause { throw cause }
      throw .invalidInterchange(
        path: reader.path, format: reader.format ?? dialect.name, entry: nil,
        field: "line \(error.line), column \(error.column)", problem: error.message)
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
}
