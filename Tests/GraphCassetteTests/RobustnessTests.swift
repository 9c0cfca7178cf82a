import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import GraphYAML
import Testing

@testable import GraphCassette

/// Bad input anywhere gets an error, never a crash: truncated and mutated files in every format.
@Suite struct RobustnessTests {
  static let samples: [[UInt8]] = InterchangeFormat.faithful.map {
    Interchange.export(InterchangeTests.cassette, as: $0)
  }

  @Test(arguments: 0..<InterchangeFormat.faithful.count)
  func truncatedFilesFailCleanly(sample: Int) {
    let bytes = Self.samples[sample]
    var errors = 0
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
      do {
        _ = try Interchange.importCassette(Array(bytes[..<cut]), path: "cut")
      } catch {
        errors += 1
        #expect(!error.description.isEmpty)
      }
    }
    #expect(errors > 0)
  }

  @Test(arguments: 0..<InterchangeFormat.faithful.count)
  func mutatedFilesNeverCrash(sample: Int) {
    var random = SeededRandomNumberGenerator(seed: UInt64(sample + 1))
    let alphabet = Array(" \n\t-:'\"#[]{}|>!&*\\0a,".utf8)
    for _ in 0..<150 {
      var bytes = Self.samples[sample]
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let i = Int.random(in: 0..<bytes.count, using: &random)
        bytes[i] = alphabet.randomElement(using: &random)!
      }
      _ = try? Interchange.importCassette(bytes, path: "mutated")
      _ = try? YAMLReader.parse(String(decoding: bytes, as: UTF8.self))
    }
  }
}
