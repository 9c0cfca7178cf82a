import Foundation
import GraphAPI

/// Makes a mapped file that shrinks under its reader an error instead of a `SIGBUS` (issue 31).
///
/// A page of a mapping past the file's new end cannot be read: the kernel sends `SIGBUS`,
/// which kills the process. Copying the file first would cost its size in memory or disk (40 GiB
/// for a sparse file whose error is at byte 47), and no lock stops another process truncating
/// it. So, as Wayland's `wl_shm` does for shared buffers, a `SIGBUS` handler looks at the
/// faulting address: inside a guarded mapping, it maps a zero page over the faulting page
/// (`MAP_FIXED`), marks the mapping cut and returns, so the read goes on with zeros; the reader's
/// result is then thrown away for a one-line error (`MappedFile.checkIntact`). Any other
/// `SIGBUS` is given back to the handler that was there before (or the default action): the
/// fault happens again and is handled as it would have been.
enum MappingGuard {
  struct Slot {
    var start: UInt = 0
    var end: UInt = 0
    var cut: Int32 = 0
  }

  static let capacity = 64
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
    let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
    slots.initialize(repeating: Slot(), count: capacity)
    return slots
  }()
  nonisolated(unsafe) static var previous = sigaction()
  static let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
  /// Whether the handler is installed (it is, once); taken to install it and to claim or free a
  /// slot. `slots` and `previous` stay outside it: the handler reads them, and a signal handler
  /// cannot take a lock.
  static let installed = Locked(false)

  /// Guards `start..<start+count`; the slot to pass to `isCut` and `release`, or nil when
  /// every slot is taken (the mapping is then read unguarded, as before).
  static func guardRange(_ start: UnsafeMutableRawPointer, count: Int) -> Int? {
    installed.withLock { installed in
      if !installed {
        _ = slots
        _ = pageSize
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = onSIGBUS
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGBUS, &action, &previous) == 0 else { return nil }
        installed = true
      }
      guard let free = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
      let base = UInt(bitPattern: start)
      slots[free].cut = 0
      slots[free].start = base
      slots[free].end = base + UInt(count)
      return free
    }
  }

  static func isCut(_ slot: Int) -> Bool { slots[slot].cut != 0 }

  static func release(_ slot: Int) {
    installed.withLock { _ in
      slots[slot].end = 0
      slots[slot].start = 0
    }
  }
}

/// The `SIGBUS` handler: only async-signal-safe work (`mmap`, `sigaction`, `raise`).
private func onSIGBUS(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  if let info, info.pointee.si_code > 0,
    let address = info.pointee._sifields._sigfault.si_addr
  {
    let faulting = UInt(bitPattern: address)
    for index in 0..<MappingGuard.capacity {
      let slot = MappingGuard.slots[index]
      guard slot.start <= faulting, faulting < slot.end else { continue }
      let page = faulting & ~(MappingGuard.pageSize - 1)
      let zero = mmap(
        UnsafeMutableRawPointer(bitPattern: page), Int(MappingGuard.pageSize),
        PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
      if zero != MAP_FAILED {
        MappingGuard.slots[index].cut = 1
        return
      }
    }
  }
  // Not a guarded mapping: the disposition from before, which the fault (raised again for a
  // signal sent by a process) now reaches.
  sigaction(SIGBUS, &MappingGuard.previous, nil)
  if let info, info.pointee.si_code <= 0 { raise(SIGBUS) }
}
