import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the reminders that are due, once each: the command for cron.",
            discussion: """
                For each subscription that is not paused or cancelled and each of its reminder
                offsets K (--remind on add/edit, else config remind-days), a payment or trial end
                that is K days away or less is reminded once; a run after missed days catches up.
                Prints nothing and exits 0 when nothing is due.

                --exec runs a command (through /bin/sh -c) once per reminder, with the reminder as
                JSON on standard input and as SUBS_NAME, SUBS_AMOUNT, SUBS_CURRENCY, SUBS_DATE,
                SUBS_DAYS_UNTIL, SUBS_KIND (payment or trial_end), SUBS_OFFSET, SUBS_ID and
                SUBS_MESSAGE. --webhook posts the same JSON, with 'content' and 'text' for
                Discord and Slack. A reminder whose hook fails is reported and not recorded, so
                the next run sends it again. Defaults: config remind-exec and remind-webhook.
                """)

        @Option(help: "Output format.")
        var format: RemindFormat = .text

        @Flag(help: "Show what is due without running hooks or recording anything.")
        var dryRun = false

        @Option(help: ArgumentHelp("Run this command for each reminder (default: config remind-exec).",
                                   valueName: "command"))
        var exec: String?

        @Option(help: ArgumentHelp("POST each reminder as JSON to this URL (default: config remind-webhook).",
                                   valueName: "url"))
        var webhook: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let webhookFlag = try webhook.map(WebhookURL.validated)
            let store = try store.openStore()
            let reminders = try dryRun ? store.dueReminders(today: today) : store.claimReminders(today: today)
            guard !reminders.isEmpty else { return }
            print(ReminderRenderer.render(reminders, today: today, format: format), terminator: "")
            guard !dryRun else { return }
            fflush(nil)  // what was printed comes before anything a hook prints

            let config = try store.config()
            let command = exec ?? config.remindExec
            let address = webhookFlag ?? config.remindWebhook
            var delivered: [Reminder] = []
            var failed: [Reminder] = []
            for reminder in reminders {
                do {
                    let payload = ReminderRenderer.hookPayload(reminder, today: today)
                    if let command {
                        try ExecDelivery.run(command, payload: payload,
                                             variables: ReminderRenderer.variables(reminder, today: today))
                    }
                    if let address { try WebhookDelivery.post(payload, to: address) }
                    delivered.append(reminder)
                } catch let error as DeliveryError {
                    failed.append(reminder)
                    printError("subs: reminder for \(reminder.name.terminalSafe) on \(reminder.payment.date) "
                               + "not sent (\(error.description.terminalSafe)); the next run tries again")
                }
            }
            try store.confirmReminders(delivered)
            try store.releaseReminders(failed)
            if !failed.isEmpty { throw ExitCode(1) }
        }
    }
}
