/// A cancel, pause or resume that the subscription's lifecycle refuses (SCHEDULE.md): nothing
/// is changed.
public enum LifecycleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A second cancellation while one is recorded.
    case alreadyCancelled(name: String, on: CivilDate)
    /// A cancellation before billing starts (the start date, or the day billing restarted).
    case cancelBeforeStart(date: CivilDate, billingStart: CivilDate)
    /// A cancellation before a pause that is recorded after it.
    case cancelBeforePause(name: String, date: CivilDate, pause: Pause)
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

    public var description: String {
        switch self {
        case .alreadyCancelled(let name, let cancelled):
            localized("\(name) is already cancelled on \(cancelled); resume it first to change that")
        case .cancelBeforeStart(let date, let billingStart):
            localized("invalid cancel date '\(date)': expected a date on or after \(billingStart), when billing starts")
        case .cancelBeforePause(let name, let date, let pause):
            localized("\(name) has a pause from \(pause.from), after \(date); cancel on or after it, or resume first")
        case .pauseEndsBeforeItStarts(let from, let until):
            localized("invalid pause end '\(until)': expected a date after the pause starts (\(from))")
        case .pauseBeforeStart(let from, let billingStart):
            localized("invalid pause start '\(from)': expected a date on or after \(billingStart), when billing starts")
        case .pauseAfterCancellation(let name, _, let cancelled):
            localized("\(name) is cancelled on \(cancelled); there is nothing to pause after that")
        case .alreadyPaused(let name, let pause):
            pause.until.map { localized("\(name) is already paused from \(pause.from) until \($0)") }
                ?? localized("\(name) is already paused from \(pause.from) with no end")
        case .resumeBeforeRestart(let date, let restarted):
            localized("invalid resume date '\(date)': expected a date on or after \(restarted), when billing restarted")
        case .nothingToResume(let name, let date):
            localized("\(name) is neither paused nor cancelled on \(date); nothing to resume")
        case .planChangeBeforeStart(let date, let billingStart):
            localized("""
                invalid --effective '\(date)': expected a date on or after \(billingStart), when billing starts (or \
                'start' to correct the whole history)
                """)
        case .planChangeInPause(let date, let pause):
            pause.until.map {
                localized("invalid --effective '\(date)': the subscription is paused from \(pause.from) until \($0); change the plan from when it resumes")
            } ?? localized("invalid --effective '\(date)': the subscription is paused from \(pause.from); change the plan from when it resumes")
        case .planChangeAfterCancellation(let name, let date, let cancelled):
            localized("""
                invalid --effective '\(date)': \(name) is cancelled on \(cancelled); resume it first, or give \
                --effective start to correct the whole history
                """)
        }
    }
}
