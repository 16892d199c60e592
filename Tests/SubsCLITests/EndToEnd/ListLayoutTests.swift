import Foundation
import Testing

/// `list` on a narrow terminal, with colours, several statuses, reversed, and in the base currency.
@Suite("list layout, colour and order")
struct ListLayoutTests {
    static let today = ["--today", "2024-06-15"]

    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.succeed(["category", "add", "Films", "--color", "magenta"])
        try sandbox.add("Adobe Creative Cloud All Apps", "59.99", ["--start", "2024-01-05", "--category", "Software"])
        try sandbox.add("Netflix", "15.49", ["--currency", "EUR", "--start", "2024-01-20", "--category", "Films"])
        try sandbox.add("Trialware", "300", ["--currency", "TRY", "--start", "2024-06-10", "--trial-end", "2024-07-10",
                                             "--every", "3 months"])
        return sandbox
    }

    /// Runs `subs` on a pseudo-terminal `columns` wide through util-linux `script`.
    private func onTerminal(_ sandbox: Sandbox, columns: Int, _ arguments: [String],
                            environment: [String: String?] = [:]) throws -> ProcessResult {
        let quoted = ([try SubsBinary.url().path] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        var overrides = environment
        overrides["SHELL"] = "/bin/sh"
        overrides["COLUMNS"] = .some(nil)
        return try sandbox.runTool(try #require(Tools.script),
                                   ["-q", "-e", "-c", "stty cols \(columns) && \(quoted)", "/dev/null"],
                                   environment: overrides)
    }

    private func tableLines(_ output: String) -> [String] {
        output.replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
            .prefix { !$0.isEmpty }.map { $0 }
    }

    @Test("By default the table is as wide as it needs (101 columns here), nothing cut")
    func fullWidthWhenPiped() throws {
        let result = try sandbox().succeed(["list"] + Self.today)
        #expect(result.stdout.contains("Adobe Creative Cloud All Apps"), "\(result)")
        #expect(result.stdoutLines.first?.hasPrefix("ID  ") == true, "\(result)")
    }

    @Test("COLUMNS narrows the table: names cut with an ellipsis, then the least useful columns left out",
          arguments: [80, 60, 40])
    func columnsFit(_ columns: Int) throws {
        let result = try sandbox().succeed(["list"] + Self.today, environment: ["COLUMNS": String(columns)])
        let lines = tableLines(result.stdout)
        #expect(lines.count == 4, "\(result)")
        for line in lines { #expect(line.count <= columns, "\(line.debugDescription) is wider than \(columns)") }
        #expect(result.stdout.contains("…"), "\(result)")
        #expect(lines[0].contains("NAME") && lines[0].contains("NEXT") && lines[0].contains("AMOUNT"), "\(result)")
        if columns <= 60 { #expect(!lines[0].contains("ID"), "\(result)") }
    }

    @Test("On a terminal the table fits the terminal's width",
          .enabled(if: Tools.script != nil, "util-linux script is not installed"))
    func terminalWidth() throws {
        let sandbox = try sandbox()
        let narrow = try onTerminal(sandbox, columns: 60, ["list"] + Self.today, environment: ["NO_COLOR": "1"])
        #expect(narrow.status == 0, "\(narrow)")
        let lines = tableLines(narrow.stdout)
        #expect(lines.count == 4, "\(narrow)")
        for line in lines { #expect(line.count <= 60, "\(line.debugDescription) is wider than 60") }
        let wide = try onTerminal(sandbox, columns: 200, ["list"] + Self.today, environment: ["NO_COLOR": "1"])
        #expect(wide.stdout.contains("Adobe Creative Cloud All Apps"), "\(wide)")
    }

    @Test("A category's colour shows in list and stats on a colour terminal, never with NO_COLOR or to a pipe",
          .enabled(if: Tools.script != nil, "util-linux script is not installed"))
    func categoryColour() throws {
        let sandbox = try sandbox()
        // stats leaves out amounts it cannot convert.
        try sandbox.succeed(["rates", "set", "EUR", "1.10"])
        try sandbox.succeed(["rates", "set", "TRY", "0.03"])
        let magenta = "\u{1B}[35mFilms"
        for command in [["list"], ["stats"]] {
            let coloured = try onTerminal(sandbox, columns: 120, command + Self.today)
            #expect(coloured.status == 0, "\(coloured)")
            #expect(coloured.stdout.contains(magenta), "\(command): \(coloured)")
            let noColor = try onTerminal(sandbox, columns: 120, command + Self.today, environment: ["NO_COLOR": "1"])
            #expect(noColor.stdout.contains("Films") && !noColor.stdout.contains("\u{1B}"), "\(noColor)")
            let piped = try sandbox.succeed(command + Self.today)
            #expect(piped.stdout.contains("Films") && !piped.stdout.contains("\u{1B}"), "\(piped)")
        }
    }

    private func names(_ sandbox: Sandbox, _ arguments: [String]) throws -> [String] {
        try sandbox.succeed(["ls", "--format", "json"] + Self.today + arguments)
            .jsonArray().compactMap { $0["name"] as? String }
    }

    @Test("--status takes several statuses and --reverse reverses the order")
    func severalStatusesAndReverse() throws {
        let sandbox = try sandbox()
        try sandbox.succeed(["pause", "Netflix"] + Self.today)
        #expect(try names(sandbox, ["--status", "active,trial", "--sort", "name"]) == ["Adobe Creative Cloud All Apps", "Trialware"])
        #expect(try names(sandbox, ["--status", "paused,trial", "--sort", "name", "--reverse"]) == ["Trialware", "Netflix"])
        let bad = try sandbox.run(["list", "--status", "active,bogus"])
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.stderrLines.count == 1, "\(bad)")
    }

    @Test("With every rate set, amount sorts in the base currency and the footer adds the converted total")
    func baseCurrency() throws {
        let sandbox = try sandbox()
        // Without rates, amounts group by currency: EUR, TRY, USD.
        #expect(try names(sandbox, ["--sort", "amount"]) == ["Netflix", "Trialware", "Adobe Creative Cloud All Apps"])
        try sandbox.succeed(["rates", "set", "EUR", "1.10"])
        let partial = try sandbox.succeed(["list"] + Self.today)
        #expect(!partial.stdout.contains("In USD"), "no total while the TRY rate is missing: \(partial)")
        try sandbox.succeed(["rates", "set", "TRY", "0.03"])
        // $59.99, €15.49 = $17.04, ₺300 = $9.00.
        #expect(try names(sandbox, ["--sort", "amount"]) == ["Adobe Creative Cloud All Apps", "Netflix", "Trialware"])
        let table = try sandbox.succeed(["list"] + Self.today)
        // 59.99 + 15.49 × 1.10 + 100 × 0.03 = 80.029 a month.
        #expect(table.stdout.hasSuffix("In USD:        $80.03 a month, $960.35 a year\n"), "\(table)")
    }
}
