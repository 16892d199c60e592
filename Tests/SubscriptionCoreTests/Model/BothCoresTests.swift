import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SubscriptionCore

/// `BothCores.inTurns`: every piece is taken once, in order, the odd ones made on the other thread.
@Suite struct BothCoresTests {
    @Test("Pieces are taken in order, however many", arguments: [false, true])
    func inOrder(parallel: Bool) {
        for count in 0...9 {
            var taken: [Int] = []
            BothCores.inTurns(count, if: parallel, make: { $0 }, take: { taken.append($0) })
            #expect(taken == Array(0..<count))
        }
    }

    @Test("The odd pieces are made on the other thread")
    func otherThread() {
        let here = pthread_self()
        var madeHere: [Bool] = []
        BothCores.inTurns(6, if: true, make: { _ in pthread_equal(pthread_self(), here) != 0 }, take: { madeHere.append($0) })
        #expect(madeHere == [true, false, true, false, true, false])
    }
}
