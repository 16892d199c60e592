import Foundation
import Testing
@testable import SubscriptionCore

/// PRODUCT.md §2: where the database and key are, from flags, environment and the account.
@Suite("Store location")
struct StoreLocationTests {
    func resolve(
        db: String? = nil, keyFile: String? = nil, passphraseFile: String? = nil,
        _ environment: [String: String], accountHome: String? = "/home/account"
    ) throws -> StoreLocation {
        try StoreLocation.resolve(
            databaseFlag: db, keyFileFlag: keyFile, passphraseFileFlag: passphraseFile,
            environment: environment, accountHome: { accountHome })
    }

    @Test("HOME gives the default database and key")
    func homeGivesDefaults() throws {
        let location = try resolve(["HOME": "/home/me"])
        #expect(location.databasePath == "/home/me/.local/share/subs/subs.db")
        #expect(location.key == .keyFile("/home/me/.config/subs/key"))
        #expect(!location.databaseIsNamed)
    }

    @Test("Without HOME (unset or empty) the account's home directory is used, never the current directory")
    func noHomeUsesAccountHome() throws {
        for environment in [[:], ["HOME": ""]] {
            let location = try resolve(environment, accountHome: "/home/account")
            #expect(location.databasePath == "/home/account/.local/share/subs/subs.db")
            #expect(location.key == .keyFile("/home/account/.config/subs/key"))
        }
    }

    @Test("Without HOME or an account home, a default path is refused; named paths need neither")
    func noHomeAtAll() throws {
        #expect(throws: StoreError.noHomeDirectory) { try resolve([:], accountHome: nil) }
        #expect(throws: StoreError.noHomeDirectory) { try resolve(db: "/d/subs.db", [:], accountHome: "") }
        let named = try resolve(db: "/d/subs.db", keyFile: "/k/key", [:], accountHome: nil)
        #expect(named.databasePath == "/d/subs.db")
        #expect(named.key == .keyFile("/k/key"))
        let xdg = try resolve(["XDG_DATA_HOME": "/x/data", "SUBS_PASSPHRASE": "secret"], accountHome: nil)
        #expect(xdg.databasePath == "/x/data/subs/subs.db")
    }

    @Test("A database named with --db or SUBS_DB is marked as named; the default one is not")
    func namedDatabase() throws {
        #expect(try resolve(db: "/d/subs.db", ["HOME": "/h"]).databaseIsNamed)
        #expect(try resolve(["HOME": "/h", "SUBS_DB": "/d/subs.db"]).databaseIsNamed)
        #expect(try !resolve(["HOME": "/h", "SUBS_DB": ""]).databaseIsNamed)
        #expect(try !resolve(["HOME": "/h", "XDG_DATA_HOME": "/x"]).databaseIsNamed)
    }

    @Test("Reading a named database that does not exist is an error; writing creates it")
    func namedDatabaseMustExistToBeRead() throws {
        let scratch = Scratch()
        var location = scratch.location
        location.databaseIsNamed = true
        let store = try SubscriptionStore(location: location)
        #expect(throws: FileError.missingFile(path: location.databasePath, role: .database)) {
            try store.subscriptions()
        }
        _ = try store.add(simpleNewSubscription("Netflix"), now: fixedNow)
        #expect(try store.subscriptions().map(\.name) == ["Netflix"])
    }
}
