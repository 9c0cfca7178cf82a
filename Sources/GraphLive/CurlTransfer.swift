import CCurl
import Foundation
import GraphAPI
import Synchronization

/// One request on one libcurl easy handle taken from a `CurlHandlePool`: set up, performed
/// (blocking, on the calling thread), given back. The callbacks gather the status line, headers and body as received,
/// stop the transfer when the body passes its limit, and abort it when cancelled.
///
/// `@unchecked Sendable`: `cancel` (any thread) sets an atomic; the `var`s are the performing
/// thread's alone.
final class CurlTransfer: @unchecked Sendable {
  enum Ending: Sendable {
    case answer(status: Int, headers: HTTPHeaders, body: [UInt8], duration: Duration)
    case failed(GraphLiveError)
    case cancelled
  }

  /// The most header bytes read for one answer (libcurl bounds each header line itself).
  static let maxHeaderBytes = 1 << 20

  private let request: HTTPRequest
  private let parts: URLParts
  private let timeout: Duration
  private let limit: Int
  private let handles: CurlHandlePool
  /// The libcurl file to load (`CurlLibrary.name`; tests name a missing one).
  private let library: String

  private let cancelled = Atomic<Bool>(false)
  // Touched only by the performing thread (inside libcurl's callbacks), then read after.
  private var headers = HTTPHeaders()
  private var headerBytes = 0
  private var body: [UInt8] = []
  /// `CurlTransport.caBundle` and `.ignoresProxyEnvironment`.
  private let caBundle: String?
  private let ignoresProxyEnvironment: Bool
  private var tooLarge = false
  private var headersTooLarge = false

  init(
    request: HTTPRequest, parts: URLParts, timeout: Duration, limit: Int,
    handles: CurlHandlePool, caBundle: String? = nil, ignoresProxyEnvironment: Bool = false,
    library: String = CurlLibrary.name
  ) {
    self.library = library
    self.caBundle = caBundle
    self.ignoresProxyEnvironment = ignoresProxyEnvironment
    self.handles = handles
    self.request = request
    self.parts = parts
    self.timeout = timeout
    self.limit = limit
  }

  func cancel() { cancelled.store(true, ordering: .releasing) }

  private var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  func perform() -> Ending {
    guard !isCancelled else { return .cancelled }
    if let reason = CurlLibrary.loadFailure(library) {
      return .failed(.libraryUnavailable(host: parts.host, library: library, reason: reason))
    }
    guard CurlLibrary.isReady, let handle = handles.take() else {
      return .failed(.network(host: parts.host, reason: "libcurl could not start a transfer"))
    }
    defer { handles.give(handle) }
    let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    defer { errorText.deallocate() }
    errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    var list: UnsafeMutablePointer<curl_slist>?
    defer { ge_curl_slist_free_all(list) }
    for line in headerLines() { list = ge_curl_slist_append(list, line) }
    let context = Unmanaged.passUnretained(self).toOpaque()
    let milliseconds = Self.milliseconds(timeout)

    var setup = [
      ge_curl_set_string(handle, CURLOPT_URL, request.url),
      ge_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText),
      ge_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
      ge_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
      ge_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
      ge_curl_set_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0),
      ge_curl_set_long(handle, CURLOPT_HTTP_TRANSFER_DECODING, 1),
      ge_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
      ge_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
      ge_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
      ge_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
      ge_curl_set_list(handle, CURLOPT_HTTPHEADER, list),
      ge_curl_set_pointer(handle, CURLOPT_HEADERDATA, context),
      ge_curl_set_pointer(handle, CURLOPT_WRITEDATA, context),
      ge_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context),
      ge_curl_set_long(handle, CURLOPT_NOPROGRESS, 0),
      ge_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        return transfer.receivedHeader(bytes) ? size * count : 0
      },
      ge_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        return transfer.receivedBody(bytes) ? size * count : 0
      },
      ge_curl_set_progress_callback(handle) { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled
          ? 1 : 0
      },
    ]
    if let caBundle { setup.append(ge_curl_set_string(handle, CURLOPT_CAINFO, caBundle)) }
    // An empty proxy name turns the environment's proxies off for this handle.
    if ignoresProxyEnvironment { setup.append(ge_curl_set_string(handle, CURLOPT_PROXY, "")) }
    setup += methodAndBody(handle)
    if let failed = setup.first(where: { $0 != CURLE_OK }) {
      return .failed(
        .network(host: parts.host, reason: "libcurl refused an option: \(Self.text(failed))"))
    }
    let started = ContinuousClock.now
    let code = withExtendedLifetime(self) { ge_curl_easy_perform(handle) }
    let duration = ContinuousClock.now - started
    if isCancelled { return .cancelled }
    if tooLarge { return .failed(.answerTooLarge(host: parts.host, limit: limit)) }
    if headersTooLarge {
      return .failed(
        .network(
          host: parts.host,
          reason: "the answer's headers pass \(ByteCount.text(Self.maxHeaderBytes))"))
    }
    guard code == CURLE_OK else {
      let detail = String(cString: errorText)
      return .failed(
        CurlTransport.liveError(
          code, detail: detail.isEmpty ? Self.text(code) : detail, parts: parts,
          timeout: timeout))
    }
    let status = Int(ge_curl_response_code(handle))
    return .answer(status: status, headers: headers, body: body, duration: duration)
  }

  /// The request's headers as libcurl takes them (`Name;` for an empty value), without the
  /// ones it would add on its own (`Expect: 100-continue`), and never a line with CR, LF or NUL.
  private func headerLines() -> [String] {
    var lines: [String] = []
    for field in request.headers {
      let text = field.name + field.value
      guard !text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }),
        !field.name.isEmpty
      else { continue }
      lines.append(field.value.isEmpty ? field.name + ";" : field.name + ": " + field.value)
    }
    if request.headers["Expect"] == nil { lines.append("Expect:") }
    return lines
  }

  private func methodAndBody(_ handle: UnsafeMutableRawPointer) -> [CURLcode] {
    let method = request.method.uppercased()
    var codes: [CURLcode] = []
    if !request.body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
      codes.append(ge_curl_set_long(handle, CURLOPT_POST, 1))
      codes.append(
        ge_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
      if request.body.isEmpty {
        codes.append(ge_curl_set_string(handle, CURLOPT_COPYPOSTFIELDS, ""))
      } else {
        // COPYPOSTFIELDS copies the bytes (POSTFIELDSIZE_LARGE, set first, says how many).
        codes.append(
          request.body.withUnsafeBytes { bytes in
            ge_curl_set_pointer(
              handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
          })
      }
    }
    if method == "HEAD" {
      codes.append(ge_curl_set_long(handle, CURLOPT_NOBODY, 1))
    } else if method != "GET" || !request.body.isEmpty {
      if method != "POST" {
        codes.append(ge_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method))
      }
    }
    return codes
  }

  /// One header line of the answer (status lines start a new answer: 1xx, a proxy's CONNECT).
  private func receivedHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    headerBytes += bytes.count
    guard headerBytes <= Self.maxHeaderBytes else {
      headersTooLarge = true
      return false
    }
    var end = bytes.count
    while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    if end >= 5, bytes[..<5].elementsEqual("HTTP/".utf8) {
      headers = HTTPHeaders()
      return true
    }
    guard let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")) else { return true }
    headers.add(
      String(decoding: bytes[..<colon], as: UTF8.self),
      Self.trimmedValue(UnsafeRawBufferPointer(rebasing: bytes[(colon + 1)..<end])))
    return true
  }

  /// A header's value without the white space around it (`CharacterSet.whitespaces`): spaces
  /// and tabs cut as bytes, `trimmingCharacters` (a tenth of a forwarded request's CPU, issue
  /// 48) only when a non-ASCII character is left at an end, which may be a space too.
  static func trimmedValue(_ bytes: UnsafeRawBufferPointer) -> String {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard start == end || (bytes[start] < 0x80 && bytes[end - 1] < 0x80) else {
      return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// A piece of the body as received; past the limit the transfer stops.
  private func receivedBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count <= limit - body.count else {
      tooLarge = true
      body = []
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  static func text(_ code: CURLcode) -> String { String(cString: ge_curl_easy_strerror(code)) }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let total = seconds.multipliedReportingOverflow(by: 1000)
    guard !total.overflow, total.partialValue < Int64(Int32.max) else { return Int(Int32.max) }
    return max(1, Int(total.partialValue) + Int(attoseconds / 1_000_000_000_000_000))
  }
}
