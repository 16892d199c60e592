/// What a plan renewed by hand has recorded (PRODUCT.md §14): from the first recorded renewal on,
/// the records are the history; after the latest, each renewal is due one cycle after it.
struct ManualRenewals {
    let first: CivilDate
    let latest: CivilDate
    /// The billing period the latest renewal falls in.
    let owner: Int
    /// The renewals after the latest: every cycle of its period from it.
    let schedule: BillingSchedule

    /// Whether period `index`'s own schedule charges `date`: in the periods up to the latest
    /// renewal's, only before the first record; in one begun after it, when its payments are
    /// still to come (`state`; nil: as of no day, all are).
    func scheduleCharges(_ date: CivilDate, ofPeriod index: Int, _ state: RenewalState?) -> Bool {
        index <= owner ? date < first : state?.isDue(period: index) ?? true
    }
}

/// Where a plan renewed by hand stands after its latest recorded renewal, as of a day.
enum RenewalState {
    /// The payments of this billing period and the later ones are to come (for the period of the
    /// latest renewal, the renewals one cycle after it); those of the periods between, which
    /// lapsed unpaid, are not.
    case dueFrom(period: Int)
    /// It lapsed that day, unpaid: nothing after the latest renewal is due until it is renewed.
    case lapsed(on: CivilDate)

    func isDue(period index: Int) -> Bool {
        guard case .dueFrom(let first) = self else { return false }
        return index >= first
    }
}
