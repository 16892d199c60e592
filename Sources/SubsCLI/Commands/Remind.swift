import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remind",
            abstract: localized("Print the reminders that are due, once each: the command for cron."),
            discussion: localized("""
                For each subscription that is not paused or cancelled and each of its reminder
                offsets K (--remind on add/edit, else config remind-days), a payment or trial end
                that is K days away or less is reminded once; a run after missed days catches up.
                A last day to cancel (a contract's notice deadline, or --cancel-by) is reminded
                the same way at its own offsets (--remind-cancel, else config
                remind-cancel-days, 30,7 at first), also while paused, whatever --remind says.
                A plan renewed by hand is reminded that it expires. Prints nothing and exits 0
                when nothing is due.

                --exec runs a command (through /bin/sh -c) once per reminder, with the reminder as
                JSON on standard input and as SUBS_NAME, SUBS_AMOUNT, SUBS_CURRENCY, SUBS_DATE,
                SUBS_DAYS_UNTIL, SUBS_KIND (payment, trial_end or cancel_by), SUBS_OFFSET,
                SUBS_RENEWAL, SUBS_TERM_END, SUBS_ID and SUBS_MESSAGE. --webhook posts the same
                JSON, with 'content' and 'text' for Discord and Slack. A reminder whose hook
                fails is reported and not recorded, so the next run sends it again. Defaults:
                config remind-exec and remind-webhook.

                SIGINT or SIGTERM stops the hook that is running, keeps what was delivered
                recorded and leaves the rest for the next run. --today may not be later than
                today unless with --dry-run.
                """)).parsedAlone

        @Option(help: .localized("Output format."))
        var format: RemindFormat = .text

        @Flag(help: .localized("Show what is due without running hooks or recording anything."))
        var dryRun = false

        @Option(help: .localized("Days before a last day to cancel to remind, like 30,7, or none (default: config remind-cancel-days).",
                                   valueName: "days"))
        var remindCancel: String?

        @Option(help: .localized("Run this command for each reminder (default: config remind-exec).",
                                   valueName: "command"))
        var exec: String?

        @Option(help: .localized("POST each reminder as JSON to this URL (default: config remind-webhook).",
                                   valueName: "url"))
        var webhook: String?

        @OptionGroup var store: StoreOptions
        @OptionGroup var clock: TodayOptions

        func run() throws {
            let today = try clock.resolve()
            let webhookFlag = try webhook.map(WebhookURL.validated)
            let cancelOffsets = try remindCancel.map { try RemindDays.parse($0, expected: .cancelReminderDays) }
            let store = try store.openStore()
            if dryRun {
                let reminders = try store.dueReminders(today: today, cancelOffsets: cancelOffsets)
                print(ReminderRenderer.render(reminders, today: today, format: format), terminator: "")
                return
            }
            let config = try store.config()
            // Listening before the claim: from here on a signal stops the run in order.
            let hooks = ReminderHooks(command: exec ?? config.remindExec, webhook: webhookFlag ?? config.remindWebhook,
                                      today: today, stop: try StopSignal())
            let result = try ReminderRun.run(store, today: today, cancelOffsets: cancelOffsets, announce: { reminders in
                print(ReminderRenderer.render(reminders, today: today, format: format), terminator: "")
                fflush(nil)  // what was printed comes before anything a hook prints
            }, deliver: hooks.isEmpty ? nil : { hooks.deliver($0) })

            for failure in result.failures { printError(ReminderRenderer.failure(failure)) }
            for lost in result.lostClaims { printError(ReminderRenderer.lostClaim(lost)) }
            // Also without a hook, where nothing is left to stop: what was printed is recorded.
            if let signal = hooks.stop.signalNumber {
                printError(ReminderRenderer.interruption(result, signal: signal))
                throw ExitCode(128 + signal)
            }
            if !result.failures.isEmpty { throw ExitCode(1) }
        }
    }
}
