/// A subscription's dates that contradict each other (SCHEDULE.md): refused on add and edit.
public enum DateOrderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A trial that ends before billing starts.
    case trialEndBeforeStart(trialEnd: CivilDate, start: CivilDate)
    /// A start after the first cancellation, pause or restart already recorded.
    case startAfterLifecycleEvent(start: CivilDate, firstEvent: CivilDate)
    /// A trial that ends after billing restarted.
    case trialEndAfterRestart(trialEnd: CivilDate, restart: CivilDate)

    public var description: String {
        switch self {
        case .trialEndBeforeStart(let trialEnd, let start):
            localized("invalid trial end '\(trialEnd)': expected a date on or after the start date \(start)")
        case .startAfterLifecycleEvent(let start, let firstEvent):
            localized("invalid start '\(start)': expected a date on or before \(firstEvent), the first cancellation, pause or restart")
        case .trialEndAfterRestart(let trialEnd, let restart):
            localized("invalid trial end '\(trialEnd)': expected a date before the restart on \(restart)")
        }
    }
}
