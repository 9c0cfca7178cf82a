/// A series of points over a session kept to at most `capacity` points: when full, each pair of
/// neighbours is merged into the one that matters more, so a 100,000-call session is drawn from
/// a fixed amount of memory.
struct DoctorSeries<Point: Sendable>: Sendable {
  private(set) var points: [Point] = []
  let capacity: Int
  /// Of two neighbouring points, the one kept when they are merged.
  let keep: @Sendable (Point, Point) -> Point

  init(capacity: Int = 2048, keep: @escaping @Sendable (Point, Point) -> Point) {
    self.capacity = max(2, capacity)
    self.keep = keep
  }

  mutating func append(_ point: Point) {
    if points.count == capacity {
      var merged: [Point] = []
      merged.reserveCapacity(capacity)
      var index = 0
      while index + 1 < points.count {
        merged.append(keep(points[index], points[index + 1]))
        index += 2
      }
      if index < points.count { merged.append(points[index]) }
      points = merged
    }
    points.append(point)
  }
}
