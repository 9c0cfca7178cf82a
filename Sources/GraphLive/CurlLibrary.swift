import CCurl

/// libcurl, opened with `dlopen` on the first transfer instead of linked (CCurl's shim.h): a
/// process that never uses the network target never maps libcurl and its TLS libraries.
enum CurlLibrary {
  /// The file opened: `libcurl.so.4`.
  static let name = GE_CURL_LIBRARY

  /// Why libcurl cannot be loaded (dlerror's text), or nil once it is; opened once per process.
  static let loadFailure: String? = ge_curl_load_error().map { String(cString: $0) }

  /// Whether libcurl is loaded and set up: `curl_global_init` runs once per process, before
  /// the first handle (it is not safe to call from several threads at once; a Swift
  /// `static let` runs once).
  static let isReady: Bool =
    loadFailure == nil && ge_curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  /// Why `library` cannot be loaded as libcurl (dlopen's or dlsym's text), or nil when it can.
  /// `name` is the one transfers use, opened once; another name (a test's) is opened, checked
  /// and closed again, and transfers still go through `name`.
  static func loadFailure(_ library: String) -> String? {
    guard library != name else { return loadFailure }
    var functions = ge_curl_functions()
    var error = [CChar](repeating: 0, count: 512)
    let handle = ge_curl_open(library, &functions, &error, error.count)
    guard let handle else {
      return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    dlclose(handle)
    return nil
  }
}
