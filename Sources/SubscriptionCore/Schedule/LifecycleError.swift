/// A cancel, pause or resume that the subscription's lifecycle refuses (SCHEDULE.md): nothing
/// is changed.
public enum LifecycleError: CoreError, Equatable, Sendable {
    /// A second cancellation while one is recorded.
    case alreadyCancelled(name: String, on: CivilDate)
    /// A cancellation before billing starts (the start date, or the day billing restarted).
    case cancelBeforeStart(date: CivilDate, billingStart: CivilDate)
    /// A cancellation before a pause that is recorded after it.
    case cancelBeforePause(name: String, date: CivilDate, pause: Pause)
    /// A cancellation before a charge recorded in the same billing period (`paid`).
    case cancelBeforeCharge(name: String, date: CivilDate, charged: CivilDate)
    /// A pause whose end is not after its start.
    case pauseEndsBeforeItStarts(from: CivilDate, until: CivilDate)
    /// A pause before billing starts (the start date, or the day billing restarted).
    case pauseBeforeStart(from: CivilDate, billingStart: CivilDate)
    /// A pause that starts after the cancellation.
    case pauseAfterCancellation(name: String, from: CivilDate, cancelledOn: CivilDate)
    /// A pause that overlaps `pause`, already recorded.
    case alreadyPaused(name: String, pause: Pause)
    /// A resume dated before billing restarted: it would change an earlier billing period.
    case resumeBeforeRestart(date: CivilDate, restartedOn: CivilDate)
    /// A resume on a day with no pause to end and no cancellation to undo.
    case nothingToResume(name: String, on: CivilDate)
    /// A plan change dated before billing starts (or restarted).
    case planChangeBeforeStart(date: CivilDate, billingStart: CivilDate)
    /// A plan change dated inside a pause.
    case planChangeInPause(date: CivilDate, pause: Pause)
    /// A plan change dated after the cancellation.
    case planChangeAfterCancellation(name: String, date: CivilDate, cancelledOn: CivilDate)

    /// `cancel --end` with an end before the day notice is given.
    case endBeforeNotice(end: CivilDate, notice: CivilDate)
    /// `cancel --end` on a subscription without a term: a plain cancellation already ends it.
    case endWithoutContract(name: String)
    /// Notice on a contract after the subscription stopped on its own (`ends`): nothing to end.
    case endedBeforeNotice(name: String, ended: CivilDate)

    public var failure: FailureKind { .refused }
}
