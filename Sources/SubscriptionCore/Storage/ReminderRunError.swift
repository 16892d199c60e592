/// A reminder run that would record what it cannot deliver: nothing is claimed.
public enum ReminderRunError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Sending as of a day after the real today: the reminders would be recorded as sent and
    /// stay silent on their day.
    case futureDay(today: CivilDate, realToday: CivilDate)

    public var description: String {
        switch self {
        case .futureDay(let today, let realToday):
            localized("""
                cannot send reminders as of \(today), later than today (\(realToday)): they would be recorded as sent and \
                stay silent on their day; add --dry-run to preview them
                """)
        }
    }
}
