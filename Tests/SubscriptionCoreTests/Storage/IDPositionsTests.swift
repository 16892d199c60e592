import Foundation
import Testing
@testable import SubscriptionCore

@Suite("Subscription ids found by their bytes")
struct IDPositionsTests {
    func position(_ positions: IDPositions, _ id: String) -> Int? {
        var id = id
        return id.withUTF8 { positions.position(of: $0) }
    }

    @Test("Every id added is found at its position, through many growths; others are not found")
    func lookups() {
        let ids = (0..<5_000).map { _ in UUID().uuidString.lowercased() } + ["a", "", "ü", "same-prefix-1", "same-prefix-2"]
        var positions = IDPositions()
        for id in ids { positions.append(id) }
        #expect(positions.count == ids.count)
        for (index, id) in ids.enumerated() { #expect(position(positions, id) == index, "\(id)") }
        #expect(position(positions, "missing") == nil)
        #expect(position(positions, "same-prefix-") == nil)
        #expect(position(positions, ids[0].uppercased()) == nil)
    }

    @Test("Room made for some ids, or for none, or a nonsense amount, finds every id added, also past it",
          arguments: [0, 10, -5, 1 << 40])
    func reservedLookups(_ capacity: Int) {
        let ids = (0..<200).map { "id-\($0)-" + String(repeating: "x", count: $0 % 13) }
        var positions = IDPositions(capacity: capacity)
        for id in ids { positions.append(id) }
        for (index, id) in ids.enumerated() { #expect(position(positions, id) == index, "\(id)") }
        #expect(position(positions, "id-200-") == nil)
    }

    @Test("A guess of the position (the last row's, or the next) finds the same as a lookup, whether it is right or wrong")
    func guessedLookups() {
        let ids = (0..<100).map { "id-\($0)" }
        var positions = IDPositions()
        for id in ids { positions.append(id) }
        for (index, id) in ids.enumerated() {
            for last in [index, index - 1, 0, 99, 57] where last >= 0 {
                var bytes = id
                #expect(bytes.withUTF8 { positions.position(of: $0, after: last) } == index, "\(id) after \(last)")
            }
        }
        var missing = "id-100"
        #expect(missing.withUTF8 { positions.position(of: $0, after: 99) } == nil)
    }
}
