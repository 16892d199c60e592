/// What a payment is to the user: a charge, or the end of a free trial that turns into one.
public enum PaymentKind: String, Sendable {
    case payment
    case trialEnd = "trial_end"
}
