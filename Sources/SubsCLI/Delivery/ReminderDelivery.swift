import Foundation
import SubscriptionCore

/// Why a hook could not be started or listened for.
struct DeliveryError: Error, CustomStringConvertible {
    let description: String
}

/// Hands one reminder to the hooks of a run: the `--exec` command, then the `--webhook`. A
/// reminder counts as delivered only when every hook took it; once a stop signal has arrived, no
/// hook is started any more.
struct ReminderHooks {
    let command: String?
    let webhook: String?
    let today: CivilDate
    let stop: StopSignal

    /// Neither a command nor a webhook: printing a reminder is all its delivery.
    var isEmpty: Bool { command == nil && webhook == nil }

    func deliver(_ reminder: Reminder) -> DeliveryResult {
        guard stop.signalNumber == nil else { return .interrupted }
        let payload = ReminderRenderer.hookPayload(reminder, today: today)
        if let command {
            let result = ExecHook.run(command, payload: payload,
                                      variables: ReminderRenderer.variables(reminder, today: today), stop: stop)
            guard result == .delivered else { return result }
        }
        if let webhook {
            return WebhookPost.post(payload, to: webhook, stop: stop)
        }
        return .delivered
    }
}
