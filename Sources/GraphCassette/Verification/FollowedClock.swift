/// A target whose clock `verify` can move to the recording's own times (`RecordedTime`): the
/// emulator of `verify --world`, started from a world built from the same recording.
public protocol FollowedClock: Sendable {
  /// Moves the clock forward so that the next request is answered at `time` (Unix seconds);
  /// never backwards.
  func follow(recordedTime time: Int)
}
