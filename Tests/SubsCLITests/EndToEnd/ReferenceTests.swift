import Foundation
import Testing

/// PRODUCT.md §3: a subscription is named by its full id, a unique id prefix of 4+ characters,
/// its name, or a unique prefix of its name (case-insensitive).
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
        for reference in ["Hulu", "Netflix Premium", "ffffffff"] {
            let result = try Self.showName(sandbox, reference)
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(result.stderr.contains("'\(reference)'"), "\(result)")
        }
    }

    @Test("A name prefix shared by two subscriptions is ambiguous and the error lists both")
    func ambiguousName() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.add("Adobe CC", "59.99")
        let second = try sandbox.add("Adobe Stock", "29.99")
        let result = try Self.showName(sandbox, "ADOBE")
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains(String(first.prefix(8))) && result.stderr.contains("Adobe CC"), "\(result)")
        #expect(result.stderr.contains(String(second.prefix(8))) && result.stderr.contains("Adobe Stock"), "\(result)")

        // Each one is still reachable by more of its name.
        #expect(try Self.showName(sandbox, "adobe c").jsonObject()["amount"] as? String == "59.99")
        #expect(try Self.showName(sandbox, "adobe s").jsonObject()["amount"] as? String == "29.99")
    }

    @Test("pause adobe finds Adobe CC by the start of its name")
    func pauseByNamePrefix() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Adobe CC", "59.99", ["--start", "2024-01-10"])
        try sandbox.add("Netflix", "15.49")
        let paused = try sandbox.run(["pause", "adobe", "--today", "2024-06-15", "--format", "json"])
        #expect(paused.status == 0, "\(paused)")
        #expect(try paused.jsonObject()["id"] as? String == id)
        #expect(try paused.jsonObject()["status"] as? String == "paused")
    }

    @Test("The whole name wins over a longer name it starts")
    func wholeNameWins() throws {
        let sandbox = try Sandbox()
        let adobe = try sandbox.add("Adobe", "10")
        try sandbox.add("Adobe CC", "59.99")
        #expect(try Self.showName(sandbox, "adobe").jsonObject()["id"] as? String == adobe)
    }

    @Test("A reference that matches nothing suggests the closest names")
    func suggestions() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Netflix", "15.49")
        try sandbox.add("Spotify", "9.99")
        let result = try Self.showName(sandbox, "netflx")
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr == "subs: no subscription matches 'netflx' (did you mean Netflix?)\n", "\(result)")
    }

    @Test("A second subscription with the same name in any case is refused, naming the first with its id")
    func duplicateAdd() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.add("Netflix", "15.49")
        let second = try sandbox.run(["add", "netflix", "7.99"])
        #expect(second.status == 64, "\(second)")
        #expect(second.stdout == "")
        #expect(second.stderrLines.count == 1, "\(second)")
        #expect(second.stderr.contains("Netflix") && second.stderr.contains(first), "\(second)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().count == 1)
    }

    @Test("edit --name onto another subscription's name is refused and changes nothing")
    func duplicateRename() throws {
        let sandbox = try Sandbox()
        let netflix = try sandbox.add("Netflix", "15.49")
        try sandbox.add("Hulu", "7.99")
        let result = try sandbox.run(["edit", "Hulu", "--name", "NETFLIX"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(netflix), "\(result)")
        let names = try sandbox.succeed(["list", "--format", "json", "--sort", "name"]).jsonArray().compactMap { $0["name"] as? String }
        #expect(names == ["Hulu", "Netflix"])
    }

    @Test("Parallel adds of one name: exactly one wins")
    func parallelDuplicateAdds() throws {
        let sandbox = try Sandbox()
        try sandbox.add("Spotify", "9.99")
        let runs = try (0..<4).map { _ in try sandbox.start(["add", "Netflix", "15.49"]) }
        let results = runs.map { $0.wait() }
        #expect(results.filter { $0.status == 0 }.count == 1, "\(results)")
        #expect(results.filter { $0.status == 64 }.count == 3, "\(results)")
        #expect(try sandbox.succeed(["list", "--format", "json"]).jsonArray().count == 2)
    }

    @Test("A reference shorter than 4 characters never matches an id prefix")
    func shortPrefixIsNotAReference() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Netflix", "15.49")
        let result = try Self.showName(sandbox, String(id.prefix(3)))
        #expect(result.status == 66, "\(result)")
    }
}

/// Turkish names: search, references and the duplicate check fold İ/ı/I to i (PRODUCT.md §11).
@Suite("Turkish names")
struct TurkishNameTests {
    @Test("GIDA finds Şahin Gıda; ŞAHİN GIDA refers to it; şahin gida is a duplicate")
    func turkishNames() throws {
        let sandbox = try Sandbox()
        let id = try sandbox.add("Şahin Gıda", "120", ["--currency", "TRY"])
        let found = try sandbox.succeed(["list", "--search", "GIDA", "--format", "json"]).jsonArray()
        #expect(found.map { $0["id"] as? String } == [id])
        #expect(try sandbox.succeed(["show", "ŞAHİN GIDA", "--format", "json"]).jsonObject()["id"] as? String == id)
        let duplicate = try sandbox.run(["add", "şahin gida", "100", "--currency", "TRY"])
        #expect(duplicate.status == 64, "\(duplicate)")
    }
}
