import Foundation
import Testing
@testable import SubscriptionCore

/// An import is planned before anything is written (issue 23): the plan is a pure function of
/// the file and of what the database holds, tested here without a database.
@Suite struct ImportPlanTests {
    private let netflix = subscription(id: "aaaaaaaa-0000", name: "Netflix", start: "2026-01-05")

    private func current(categories: [ImportedCategory] = [], settingKeys: Set<String> = []) -> ImportPlan.Current {
        ImportPlan.Current(subscriptions: [netflix], categories: categories, settingKeys: settingKeys,
                           config: Config(), rates: [])
    }

    private func file(_ subscriptions: [Subscription], categories: [ImportedCategory] = [],
                      settings: [ConfigKey: String] = [:]) -> ParsedImport {
        ParsedImport(subscriptions: subscriptions.enumerated().map { ImportedSubscription(record: .line($0.offset + 2), subscription: $0.element) },
                     categories: categories, settings: settings)
    }

    @Test func aTakenNameIsSkippedRenamedOrReplacedAsThePolicySays() throws {
        let again = subscription(name: "NETFLIX", price: "17.99", start: "2026-02-01")
        let parsed = file([again])
        let skip = try ImportPlan(parsed, over: current(), onDuplicate: .skip, dryRun: true)
        #expect(skip.items.map(\.action) == [.skipped(existingID: netflix.id)])
        let add = try ImportPlan(parsed, over: current(), onDuplicate: .add, dryRun: true)
        #expect(add.items.map(\.action) == [.added(renamedFrom: "NETFLIX")])
        #expect(add.items.first?.subscription.name == "NETFLIX (2)")
        let replace = try ImportPlan(parsed, over: current(), onDuplicate: .replace, dryRun: false)
        #expect(replace.items.map(\.action) == [.replaced(existingID: netflix.id)])
        #expect(replace.replacedSubscriptions.map(\.id) == [netflix.id])
        #expect(replace.items.first?.subscription.id == netflix.id)
    }

    @Test func twoRecordsReplacingOneSubscriptionAreRefused() {
        let parsed = file([subscription(name: "Netflix", start: "2026-02-01"), subscription(name: "netflix", start: "2026-03-01")])
        #expect(throws: ImportError.self) {
            try ImportPlan(parsed, over: current(), onDuplicate: .replace, dryRun: true)
        }
    }

    @Test func categoriesAreCreatedOnceAndAColourlessOneTakesTheFilesColour() throws {
        var gym = subscription(name: "Gym", start: "2026-01-01")
        gym.category = "sport"
        var tv = subscription(name: "TV", start: "2026-01-01")
        tv.category = "Video"
        let red = try #require(CategoryColor(stored: "#ff0000"))
        let parsed = file([gym, tv], categories: [ImportedCategory(name: "Sport", color: red), ImportedCategory(name: "video", color: red)])
        let plan = try ImportPlan(parsed, over: current(categories: [ImportedCategory(name: "Video", color: nil)]),
                                  onDuplicate: .skip, dryRun: true)
        #expect(plan.newCategories == [ImportedCategory(name: "Sport", color: red)])
        #expect(plan.recoloredCategories == [ImportedCategory(name: "Video", color: red)])
        #expect(plan.items.map(\.subscription.category) == ["Sport", "Video"])
    }

    @Test func settingsTheUserSetOrThatRunSomethingAreNotTaken() throws {
        let parsed = file([], settings: [.currency: "EUR", .language: "tr", .remindExec: "rm -rf ~"])
        let plan = try ImportPlan(parsed, over: current(settingKeys: ["language"]), onDuplicate: .skip, dryRun: true)
        #expect(plan.settingsSet == [.currency])
        #expect(plan.settingsLeftOut == [.remindExec])
    }

    @Test func aSettingTheModelRefusesIsTheRecordsProblemKeptAsAValue() {
        let usd = Currency(code: "USD")!
        #expect(throws: ImportError.record(.path("settings", name: nil), field: .named("budget"),
                                           problem: .refused(.settings(.budgetTooPrecise(budget: "9.999", currency: usd))))) {
            try ImportPlan(file([], settings: [.budget: "9.999"]), over: current(), onDuplicate: .skip, dryRun: true)
        }
        #expect(throws: ImportError.record(.path("settings", name: nil), field: .named("reminders"),
                                           problem: .refused(.input(.invalid(.remindersValue, value: "maybe", expected: .onOrOff))))) {
            try ImportPlan(file([], settings: [.reminders: "maybe"]), over: current(), onDuplicate: .skip, dryRun: true)
        }
    }
}
