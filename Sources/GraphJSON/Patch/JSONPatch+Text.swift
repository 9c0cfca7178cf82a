extension JSONPatch {
  /// Applies the patch whose JSON text is `text` (an array of operation objects) to
  /// `document`, one operation at a time, in one reading: each element is parsed, made an
  /// operation and applied, then dropped, so neither a tree of the patch nor its list of
  /// operations exists. (A 24 MB patch of 500,000 operations took 190 MB that way.)
  ///
  /// The outcome is that of `JSONPatch(parsing:)` and `apply(to:maxGrowth:)` on the parsed
  /// text: a syntax error anywhere comes first (nil), then the first malformed operation, then
  /// the first that fails to apply; the reading goes on to the end to know. `document` is
  /// taken over, so that the parts the operations expand are not also held as they were.
  ///
  /// - Returns: the patched document, or nil when `text` is not a well-formed JSON array (or
  ///   nests deeper than the parser's limit): the caller parses it whole, for the error, or for
  ///   the patch's own error when it is JSON but not an array.
  /// - Throws: `JSONPatchError` as `init(parsing:)` and `apply(to:maxGrowth:)` throw it.
  /// - Parameter passed: called with the offset in `text` the reading has reached, after each
  ///   element and at the end (a mapped file's pages before it can be given back).
  public static func apply(
    text: UnsafeBufferPointer<UInt8>, to document: consuming JSONValue,
    maxGrowth: Int = JSONPatch.defaultMaxGrowth, passed: (Int) -> Void = { _ in }
  ) throws(JSONPatchError) -> JSONValue? {
    var applier = Applier(document, maxGrowth: maxGrowth)
    var malformed: JSONPatchError?
    var failed: JSONPatchError?
    let wellFormed = forEachElement(of: text, passed: passed) { value, index in
      // Past a malformed operation only the syntax still matters.
      guard malformed == nil else { return }
      let operation: Operation
      do throws(JSONPatchError) { operation = try Self.operation(value, index: index) } catch {
        malformed = error
        return
      }
      guard failed == nil else { return }
      do throws(JSONPatchError) { try applier.apply(operation, index: index) } catch {
        failed = error
      }
    }
    guard wellFormed else { return nil }
    if let malformed { throw malformed }
    if let failed { throw failed }
    return applier.result
  }

  /// Parses each element of the array `text` in turn and hands it to `body` with its index.
  /// Returns whether `text` is a well-formed JSON array within the parser's depth.
  private static func forEachElement(
    of text: UnsafeBufferPointer<UInt8>, passed: (Int) -> Void, _ body: (JSONValue, Int) -> Void
  ) -> Bool {
    guard let base = text.baseAddress else { return false }
    var scanner = ArrayElementScanner(text)
    // One parser for every element (making one per element cost more than the parsing). The
    // elements are one level inside the array, which counts as one.
    var parser = JSONScanner(base: base, count: text.count, maxDepth: JSONParser().maxDepth - 1)
    defer { parser.scratch.deallocate() }
    var index = 0
    while true {
      let range: Range<Int>?
      do throws(ArrayElementScanner.Malformed) { range = try scanner.next() } catch {
        return false
      }
      guard let range else {
        passed(scanner.position)
        return true
      }
      let value: JSONValue
      do throws(JSONParseError) {
        (parser.index, parser.count) = (range.lowerBound, range.upperBound)
        value = try parser.parseDocument()
      } catch {
        return false
      }
      body(value, index)
      index += 1
      passed(scanner.position)
    }
  }
}
