extension JSONRegion {
  /// From this many bytes in use, `release(_:inUse:)` frees on a thread of its own.
  static let backgroundReleaseThreshold = 16 << 20

  /// Frees `regions`, which hold `inUse` bytes of pages: on a new detached thread when that is
  /// `backgroundReleaseThreshold` or more (on Linux), else here. Unmapping costs the kernel
  /// about 0.2 µs a 4 KiB page, 10-15 ms for the 243 MB of a 200 MB Graph document, which the
  /// caller then does not wait for; starting the thread costs it about 0.05 ms.
  static func release(_ regions: [JSONRegion], inUse: Int) {
    if inUse >= backgroundReleaseThreshold, startThread(releasing: regions) { return }
    for region in regions { region.release() }
  }

  /// Starts a detached thread that frees `regions`; `false` when none could be started.
  private static func startThread(releasing regions: [JSONRegion]) -> Bool {
    DetachedThread.start {
      for region in regions { region.release() }
    }
  }
}
