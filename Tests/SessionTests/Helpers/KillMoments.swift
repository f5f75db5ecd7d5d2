/// When to kill a run so that kills land both before and after the moment
/// that matters (a save, a rename) on a machine of any speed and load: a
/// random moment within a window that shrinks after a run that got past
/// that moment and grows after one that did not, so it settles where the
/// moment is, as fast or as loaded as the machine is now.
struct KillMoments {
    private var window: Duration
    private var generator = SystemRandomNumberGenerator()
    private static let bounds: ClosedRange<Duration> = .microseconds(100) ... .seconds(2)

    /// Starts with kills anywhere within `window`.
    init(window: Duration = .milliseconds(50)) {
        self.window = window
    }

    /// The next delay from a run's start to its kill.
    mutating func next() -> Duration {
        let microseconds =
            window.components.seconds * 1_000_000 + window.components.attoseconds / 1_000_000_000_000
        return .microseconds(Int64.random(in: 0...microseconds, using: &generator))
    }

    /// What the last run reached before its kill.
    mutating func record(gotPast: Bool) {
        window = min(
            max(gotPast ? window * 0.7 : window * 1.4, Self.bounds.lowerBound), Self.bounds.upperBound)
    }
}
