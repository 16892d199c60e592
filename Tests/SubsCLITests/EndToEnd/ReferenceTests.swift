import Foundation
import Testing

/// PRODUCT.md §3: a subscription is named by its full id, a unique id prefix of 4+ characters,
/// or its exact name (case-insensitive).
@Suite("Naming a subscription")
struct ReferenceTests {
    static func showName(_ sandbox: Sandbox, _ reference: String) throws -> ProcessResult {
        try sandbox.run(["show", reference, "--format", "json", "--today", "2024-06-15"])
    }

    @Test("show finds a subscription by full id, by a 4+ character prefix, and by name in any case")
    func showByEveryKindOfReference() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "9.99")
        for reference in [id, id.uppercased(), String(id.prefix(4)), String(id.prefix(13)), "Netflix", "netflix", "NETFLIX", "  Netflix "] {
            let result = try Self.showName(sandbox, reference)
            #expect(result.status == 0, "reference \(reference.debugDescription): \(result)")
            if result.status == 0 {
                #expect(try result.jsonObject()["id"] as? String == id, "reference \(reference.debugDescription)")
            }
        }
    }

    @Test("A reference that matches nothing exits 66 with one line naming it")
    func unknownReference() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        for reference in ["Hulu", "Netf", "ffffffff"] {
            let result = try Self.showName(sandbox, reference)
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("'\(reference)'"), "\(result)")
        }
    }

    @Test("A name shared by two subscriptions is ambiguous and the error lists both")
    func ambiguousName() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.add("Netflix", "15.49")
        let second = try sandbox.add("netflix", "7.99")
        let result = try Self.showName(sandbox, "NETFLIX")
        #expect(result.status != 0, "\(result)")
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains(String(first.prefix(8))), "\(result)")
        #expect(result.stderr.contains(String(second.prefix(8))), "\(result)")

        // Each one is still reachable by its id.
        #expect(try Self.showName(sandbox, first).jsonObject()["amount"] as? String == "15.49")
        #expect(try Self.showName(sandbox, second).jsonObject()["amount"] as? String == "7.99")
    }

    @Test("A reference shorter than 4 characters never matches an id prefix")
    func shortPrefixIsNotAReference() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49")
        let result = try Self.showName(sandbox, String(id.prefix(3)))
        #expect(result.status == 66, "\(result)")
    }
}
