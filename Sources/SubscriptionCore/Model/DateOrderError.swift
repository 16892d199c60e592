/// A subscription's dates that contradict each other (SCHEDULE.md): refused on add and edit.
public enum DateOrderError: CoreError, Equatable, Sendable {
    /// A trial that ends before billing starts.
    case trialEndBeforeStart(trialEnd: CivilDate, start: CivilDate)
    /// A start after the first cancellation, pause or restart already recorded.
    case startAfterLifecycleEvent(start: CivilDate, firstEvent: CivilDate)
    /// A trial that ends after billing restarted.
    case trialEndAfterRestart(trialEnd: CivilDate, restart: CivilDate)

    public var failure: FailureKind { .refused }
}
