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
}
