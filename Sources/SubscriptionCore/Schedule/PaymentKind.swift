/// What a dated item of `upcoming`, `calendar` and `remind` is to the user: a charge, the end of a
/// free trial that turns into one, the last day to cancel, or the end of a finite subscription
/// (PRODUCT.md §14). The raw values are the JSON `kind`.
public enum PaymentKind: String, CaseIterable, Sendable {
    case payment
    case trialEnd = "trial_end"
    case cancelBy = "cancel_by"
    case ends
}
