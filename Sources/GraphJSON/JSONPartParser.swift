/// Parses parts of one buffer, each as a JSON text of its own, with one parser's state (its
/// string cache, its scratch buffer) kept from part to part: making a parser for each small
/// part (an interaction of a cassette) cost more than parsing it.
///
/// The buffer must outlive the parser, and `deallocate()` must be called once it is done.
package struct JSONPartParser {
  private var scanner: JSONScanner

  /// A parser of parts of `buffer` (which must not be empty) nested at most `maxDepth` deep.
  package init?(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
    scanner = JSONScanner(
      base: base, count: buffer.count, maxDepth: min(max(maxDepth, 1), JSONParser.depthCeiling))
  }

  /// The value of the text at `range` of the buffer, which must hold it whole.
  ///
  /// - Throws: `JSONParseError` as `JSONParser` throws it (its offset, line and column count
  ///   from the start of the buffer).
  /// - Complexity: O(n) in the length of the part.
  package mutating func parse(_ range: Range<Int>) throws(JSONParseError) -> JSONValue {
    (scanner.index, scanner.count) = (range.lowerBound, range.upperBound)
    return try scanner.parseDocument()
  }

  /// Frees the parser's scratch buffer.
  package func deallocate() { scanner.scratch.deallocate() }
}
