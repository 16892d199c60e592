import Foundation
import Testing

/// Issue 8 (seams): `--every`, `--currency` and config keys are parsed at the edge, so a bad one
/// is refused before anything runs, help lists the keys, and completion offers the values.
@Suite("Typed arguments")
struct TypedArgumentTests {
    @Test(arguments: [
        (["add", "Gym", "30", "--currency", "XYZ"], ["'XYZ'", "--currency", "ISO 4217", "subs help add"]),
        (["add", "Gym", "30", "--every", "0 months"], ["'0 months'", "--every", "1 to 999"]),
        (["edit", "Gym", "--every", "fortnite"], ["'fortnite'", "--every"]),
        (["summary", "--currency", "ABC"], ["'ABC'", "--currency"]),
        (["config", "set", "colour", "red"], ["'colour'", "currency, remind-days", "subs help config set"]),
    ])
    func aBadValueIsOneLineThatSaysWhatIsAccepted(_ arguments: [String], _ mentions: [String]) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        for text in mentions { #expect(result.stderr.contains(text), "\(text) in \(result.stderr)") }
        #expect(sandbox.homeEntries() == [], "nothing was created")
    }

    @Test func completionOffersCurrencyCodesCyclesAndKeys() throws {
        let script = try Sandbox().succeed(["--generate-completion-script", "bash"]).stdout
        for value in ["EUR", "JPY", "quarterly", "fortnightly", "remind-days"] {
            #expect(script.contains(value), "\(value)")
        }
    }
}
