import Foundation
import Testing

@Suite("subs remind run several times at once")
struct RemindConcurrencyTests {
    @Test("Parallel runs deliver each reminder exactly once")
    func parallelRunsDeliverOnce() throws {
        let sandbox = try Sandbox()
        for name in ["Netflix", "Spotify", "Hulu"] {
            try sandbox.add(name, "9.99", ["--start", "2024-01-31"], today: "2024-01-01")
        }
        let log = sandbox.path("delivered.log")
        let runs = try (0..<6).map { _ in
            try sandbox.start(["remind", "--today", "2024-01-30", "--exec", "echo \"$SUBS_NAME\" >> '\(log)'"])
        }
        let results = runs.map { $0.wait() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
        let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.sorted() == ["Hulu", "Netflix", "Spotify"])
        #expect(results.map(\.stdout).joined().split(separator: "\n").count == 3, "each reminder printed by one run")
    }
}
