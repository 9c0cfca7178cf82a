import GraphJSON

extension Cassette {
  /// A note on a file read with its torn last append left out; nil for a whole file.
  public var tornTailNote: String? {
    guard let dropped = tornTailBytes else { return nil }
    return "its last append was cut short (the recorder stopped during a write): "
      + (dropped == 0
        ? "its closing brackets were missing"
        : "\(dropped) byte(s) after its last whole interaction left out")
  }

  /// What a cassette file whose last append was torn still holds: everything up to the end
  /// of its last whole interaction, closed as the recorder closes it, and the bytes left out.
  ///
  /// The recorder appends each interaction with one `pwrite` over the file's closing brackets
  /// (`CassetteTail`), synced before its answer is shown. A process killed during a write that
  /// crosses a page may leave only the write's first pages (Linux checks for a fatal signal
  /// between pages), and a reader during the write may see it half done. Neither interaction
  /// was shown as answered, so nothing recorded is lost by leaving it out. `nil` when `bytes`
  /// is not a native cassette, the damage lies before its last interaction, or the rest does
  /// not parse: then the file is refused as it is.
  static func untorn(_ bytes: [UInt8], failure: JSONParseError) -> (JSONValue, Int)? {
    let start = Array("{\n  \"graph_explorer_cassette\"".utf8)
    // An interaction ends with `}` alone at an indentation of four; nothing inside one does.
    let itemEnd = Array("\n    }".utf8)
    guard bytes.starts(with: start) else { return nil }
    var position = bytes.count - itemEnd.count
    var tries = 0
    while position > start.count, tries < 2 {
      defer { position -= 1 }
      guard bytes[position] == 0x0A,
        bytes[position..<(position + itemEnd.count)].elementsEqual(itemEnd)
      else { continue }
      let cut = position + itemEnd.count
      guard cut == bytes.count || bytes[cut] == UInt8(ascii: ",") || bytes[cut] == 0x0A else {
        continue
      }
      tries += 1
      guard failure.offset >= cut else { return nil }
      if let value = try? JSONParser.parse(Array(bytes[..<cut]) + CassetteTail.closing) {
        return (value, bytes.count - cut)
      }
    }
    return nil
  }
}
