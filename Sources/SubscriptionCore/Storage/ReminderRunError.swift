/// A reminder run that would record what it cannot deliver: nothing is claimed.
public enum ReminderRunError: CoreError, Equatable, Sendable {
    /// Sending as of a day after the real today: the reminders would be recorded as sent and
    /// stay silent on their day.
    case futureDay(today: CivilDate, realToday: CivilDate)

    public var failure: FailureKind { .refused }
}
