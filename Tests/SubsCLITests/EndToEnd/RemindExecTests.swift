import Foundation
import Testing

// `subs remind --exec` (PRODUCT.md §5): the command runs once per reminder with the reminder as
// JSON on standard input and as SUBS_* variables; a failing command leaves the reminder for the
// next run.

@Suite("subs remind --exec")
struct RemindExecTests {
    @Test("--exec runs the command once per reminder with its JSON on stdin and SUBS_* variables")
    func execDelivers() throws {
        let sandbox = try Sandbox()
        let (directory, environment) = try RemindHooks.directory(sandbox)
        let netflix = try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        let disney = try sandbox.add("Disney", "8.99", ["--trial-end", "2024-01-26"], today: "2024-01-01")
        let command = #"cat > "$DIR/$SUBS_NAME.json"; env | grep '^SUBS_' > "$DIR/$SUBS_NAME.env""#
        let result = try sandbox.run(["remind", "--today", "2024-01-24", "--exec", command], environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 2, "\(result)")
        #expect(RemindHooks.files(directory) == ["Disney.env", "Disney.json", "Netflix.env", "Netflix.json"])

        let json = try #require(sandbox.bytes(directory + "/Netflix.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any],
                                  "one JSON object on stdin: \(String(decoding: json, as: UTF8.self))")
        #expect(Set(object.keys) == RemindHooks.payloadKeys)
        #expect(object["name"] as? String == "Netflix")
        #expect(object["id"] as? String == netflix)
        #expect(object["amount"] as? String == "15.49")
        #expect(object["currency"] as? String == "USD")
        #expect(object["date"] as? String == "2024-01-31")
        #expect(object["days_until"] as? Int == 7)
        #expect(object["offset"] as? Int == 7)
        #expect(object["kind"] as? String == "payment")
        let content = try #require(object["content"] as? String)
        #expect(content == object["text"] as? String)
        #expect(result.stdoutLines.contains(content), "content is the printed line: \(content) vs \(result.stdout)")

        let netflixVariables = RemindHooks.variables(directory + "/Netflix.env")
        #expect(netflixVariables["SUBS_NAME"] == "Netflix")
        #expect(netflixVariables["SUBS_AMOUNT"] == "15.49")
        #expect(netflixVariables["SUBS_CURRENCY"] == "USD")
        #expect(netflixVariables["SUBS_DATE"] == "2024-01-31")
        #expect(netflixVariables["SUBS_DAYS_UNTIL"] == "7")
        #expect(netflixVariables["SUBS_KIND"] == "payment")

        let disneyJSON = try #require(sandbox.bytes(directory + "/Disney.json"))
        let disneyObject = try #require(try JSONSerialization.jsonObject(with: disneyJSON) as? [String: Any])
        #expect(disneyObject["kind"] as? String == "trial_end")
        #expect(disneyObject["id"] as? String == disney)
        #expect(disneyObject["days_until"] as? Int == 2)
        let disneyVariables = RemindHooks.variables(directory + "/Disney.env")
        #expect(disneyVariables["SUBS_KIND"] == "trial_end")
        #expect(disneyVariables["SUBS_DAYS_UNTIL"] == "2")
        #expect(disneyVariables["SUBS_DATE"] == "2024-01-26")

        let again = try sandbox.succeed(["remind", "--today", "2024-01-24", "--exec", command], environment: environment)
        #expect(again.stdout.isEmpty, "delivered reminders are recorded")
    }

    @Test("--exec passes names as data, never as shell code, and a command may ignore its input")
    func execQuoting() throws {
        let sandbox = try Sandbox()
        let (directory, environment) = try RemindHooks.directory(sandbox)
        let name = #"Bob's "Gym" $(touch pwned) `touch pwned2`; rm -rf x"#
        try sandbox.add(name, "9.00", ["--start", "2024-01-25", "--remind", "1"], today: "2024-01-01")
        let result = try sandbox.run(["remind", "--today", "2024-01-24", "--exec", #"printf %s "$SUBS_NAME" > "$DIR/name""#],
                                     environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(sandbox.bytes(directory + "/name").map { String(decoding: $0, as: UTF8.self) } == name)
        #expect(RemindHooks.files(directory) == ["name"], "nothing the name says was run")
        #expect(sandbox.homeEntries().allSatisfy { !$0.contains("pwned") })

        try sandbox.add("Gym", "9.00", ["--start", "2024-01-26", "--remind", "1"], today: "2024-01-01")
        let ignoring = try sandbox.run(["remind", "--today", "2024-01-25", "--exec", "true"])
        #expect(ignoring.status == 0, "a command that does not read standard input is fine: \(ignoring)")
        #expect(try sandbox.succeed(["remind", "--today", "2024-01-25"]).stdout.isEmpty)
    }

    @Test("A failing --exec command: exit 1, one error line per reminder, and the next run sends it again")
    func execFailureRetries() throws {
        let sandbox = try Sandbox()
        let (directory, environment) = try RemindHooks.directory(sandbox)
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        try sandbox.add("Disney", "8.99", ["--trial-end", "2024-01-26"], today: "2024-01-01")

        let failing = try sandbox.run(["remind", "--today", "2024-01-24", "--exec", "exit 3"])
        #expect(failing.status == 1, "\(failing)")
        #expect(failing.stdoutLines.count == 2, "the reminders are still printed: \(failing)")
        #expect(failing.stderrLines.count == 2, "one line per failed reminder: \(failing)")
        #expect(failing.stderrLines.contains { $0.contains("Netflix") } && failing.stderrLines.contains { $0.contains("Disney") },
                "\(failing)")

        // Only Disney's hook fails now: Netflix is delivered and recorded, Disney is not.
        let picky = #"[ "$SUBS_NAME" = Disney ] && exit 3; cat > "$DIR/$SUBS_NAME.json""#
        let partly = try sandbox.run(["remind", "--today", "2024-01-25", "--exec", picky], environment: environment)
        #expect(partly.status == 1, "\(partly)")
        #expect(partly.stdoutLines.count == 2, "\(partly)")
        #expect(partly.stderrLines.count == 1 && partly.stderr.contains("Disney"), "\(partly)")
        #expect(RemindHooks.files(directory) == ["Netflix.json"])

        let command = #"cat > "$DIR/$SUBS_NAME.json""#
        let retry = try sandbox.run(["remind", "--today", "2024-01-25", "--exec", command], environment: environment)
        #expect(retry.status == 0, "\(retry)")
        #expect(retry.stdoutLines.count == 1 && retry.stdout.contains("Disney"), "only the failed one again: \(retry)")
        #expect(RemindHooks.files(directory) == ["Disney.json", "Netflix.json"])
        let object = try JSONSerialization.jsonObject(with: try #require(sandbox.bytes(directory + "/Disney.json"))) as? [String: Any]
        #expect(object?["days_until"] as? Int == 1, "the retry is as of the day it runs")

        let quiet = try sandbox.succeed(["remind", "--today", "2024-01-25", "--exec", command], environment: environment)
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet)")
    }

    @Test("config remind-exec is the command when no --exec is given")
    func execFromConfig() throws {
        let sandbox = try Sandbox()
        let (directory, environment) = try RemindHooks.directory(sandbox)
        try sandbox.add("Netflix", "15.49", ["--start", "2024-01-31", "--remind", "7,1"], today: "2024-01-01")
        try sandbox.succeed(["config", "set", "remind-exec", #"cat > "$DIR/$SUBS_NAME-$SUBS_DAYS_UNTIL.json""#])
        try sandbox.succeed(["remind", "--today", "2024-01-24"], environment: environment)
        try sandbox.succeed(["remind", "--today", "2024-01-30"], environment: environment)
        #expect(RemindHooks.files(directory) == ["Netflix-1.json", "Netflix-7.json"])

        try sandbox.succeed(["config", "set", "remind-exec", "exit 3"])
        try sandbox.add("Gym", "9.00", ["--start", "2024-02-02"], today: "2024-01-01")
        let failing = try sandbox.run(["remind", "--today", "2024-01-31"], environment: environment)
        #expect(failing.status == 1, "the configured command is used and its failure reported: \(failing)")
        #expect(failing.stderrLines.count == 1, "\(failing)")
    }
}
