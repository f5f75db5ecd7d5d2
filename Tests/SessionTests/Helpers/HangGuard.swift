import Testing

extension Trait where Self == TimeLimitTrait {
    /// The one time limit a test has: a guard against a hang, so that the
    /// suite ends and says which test stood still, never a check of speed
    /// (speed lives in `session-bench` and `bench/`). Five minutes: on a
    /// 2-core machine also building in a loop (load average near 60), the
    /// whole suite takes about two; a test's awaits wait their turn on a
    /// pool that every other test is using, so its time says nothing.
    static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
