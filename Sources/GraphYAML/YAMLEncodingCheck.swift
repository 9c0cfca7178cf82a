import GraphJSON

/// YAML text must be UTF-8 (YAML 1.2 5.2), as JSON and HAR must (issue 31: invalid bytes were
/// silently read as U+FFFD where the JSON formats refuse them). Checked before the reader
/// starts, a MiB at a time with the pages given back behind it, so a mapped file is never
/// resident whole for the check.
public enum YAMLEncodingCheck {
  /// Throws naming the line and column of the first byte that is not UTF-8; calls `passed`
  /// with how far the check has come, a MiB at a time.
  public static func check(
    _ bytes: UnsafeBufferPointer<UInt8>, passed: (Int) -> Void = { _ in }
  ) throws(YAMLReader.Failure) {
    var start = 0
    while start < bytes.count {
      var end = min(start + (1 << 20), bytes.count)
      // Never split a sequence: back up over continuation bytes (at most three).
      var back = 0
      while end < bytes.count, back < 3, bytes[end] & 0xC0 == 0x80 {
        end -= 1
        back += 1
      }
      let chunk = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if !UTF8Validation.isValid(chunk) {
        throw failure(bytes, from: start)
      }
      start = end
      passed(start)
    }
  }

  private static func failure(_ bytes: UnsafeBufferPointer<UInt8>, from: Int)
    -> YAMLReader.Failure
  {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes[from...].makeIterator()
    var offset = from
    scan: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error, .emptyInput: break scan
      }
    }
    let before = bytes[..<offset]
    let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    let byte = String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true)
    return YAMLReader.Failure(
      line: line, column: column, message: "byte 0x\(byte) is not UTF-8 (YAML is UTF-8 text)")
  }
}
