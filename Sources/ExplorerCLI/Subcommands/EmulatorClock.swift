import GraphCassette
import GraphEmulator

/// The clock of the emulator `verify --world` sends a cassette to, moved to the recording's own
/// times (`GraphEmulator.followClock`).
struct EmulatorClock: FollowedClock {
  let emulator: GraphEmulator

  func follow(recordedTime time: Int) { emulator.followClock(to: time) }
}
