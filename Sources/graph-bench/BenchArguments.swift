/// A benchmark's command line: `--name VALUE` options from a declared set, and bare numbers
/// (`graph-bench search 100000 --runs 11`). One reader for every benchmark instead of a loop
/// each.
struct BenchArguments {
  /// The options given, by name (the last value wins).
  private(set) var values: [String: String] = [:]
  /// The bare numbers, in order.
  private(set) var numbers: [Int] = []

  /// Reads `arguments`; `nil` when one is neither a declared option with its value nor a
  /// number.
  init?(_ arguments: [String], options: Set<String>) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      if options.contains(argument) {
        guard let value = iterator.next() else { return nil }
        values[argument] = value
      } else if let number = Int(argument) {
        numbers.append(number)
      } else {
        return nil
      }
    }
  }

  /// The value of `--runs`-like option `name` as a positive number, `fallback` when not given;
  /// `nil` when given but not a positive number.
  func count(_ name: String, default fallback: Int) -> Int? {
    guard let text = values[name] else { return fallback }
    return Int(text).flatMap { $0 > 0 ? $0 : nil }
  }

  /// The comma-separated numbers of option `name` (`--sizes 2,8,20`), `fallback` when not
  /// given; `nil` when one is not a number.
  func list(_ name: String, default fallback: [Int]) -> [Int]? {
    guard let text = values[name] else { return fallback }
    let items = text.split(separator: ",").map { Int($0) }
    return items.isEmpty || items.contains(nil) ? nil : items.compactMap { $0 }
  }
}
