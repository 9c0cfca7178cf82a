import Foundation

extension FileIO {
  /// The bytes of the regular file at `path`, read into an array of its size, or `nil` when
  /// it cannot be opened or changes size while read (the caller then reads it the general way).
  package static func readRegular(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(info.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while count < size {
        let n = Foundation.read(fd, buffer.baseAddress! + count, size - count)
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { break }
        count += n
      }
      failed = count != size
    }
    var probe: UInt8 = 0
    guard !failed, Foundation.read(fd, &probe, 1) == 0 else { return nil }
    return bytes
  }
}
