import Testing
@testable import SubscriptionCore
import FuzzSupport

/// The clock that orders changes across machines (PRODUCT.md §15): every stamp a device makes is
/// after every stamp it made or saw, whatever its wall clock does, and all devices order stamps
/// alike.
@Suite("Hybrid logical clock")
struct HybridLogicalClockTests {
    @Test("Stamps follow the wall clock, count within a millisecond, and never go back when it does")
    func localStamps() {
        var clock = HybridLogicalClock(device: "a")
        #expect(clock.stamp(now: 1_000) == ClockStamp(milliseconds: 1_000, counter: 0, device: "a"))
        #expect(clock.stamp(now: 1_000) == ClockStamp(milliseconds: 1_000, counter: 1, device: "a"))
        // The wall clock steps back (NTP, a changed time zone setting): the stamps do not.
        #expect(clock.stamp(now: 400) == ClockStamp(milliseconds: 1_000, counter: 2, device: "a"))
        #expect(clock.stamp(now: 2_000) == ClockStamp(milliseconds: 2_000, counter: 0, device: "a"))
    }

    @Test("A stamp received from a machine whose clock is ahead puts every later local stamp after it")
    func received() throws {
        var laptop = HybridLogicalClock(device: "laptop")
        try laptop.receive(ClockStamp(milliseconds: 5_000, counter: 7, device: "server"), now: 1_000)
        let next = laptop.stamp(now: 1_001)
        #expect(next > ClockStamp(milliseconds: 5_000, counter: 7, device: "server"))
        #expect(next.milliseconds == 5_000 && next.device == "laptop")
        // One far in the future (a clock days fast, or a forged file) is refused and changes nothing.
        let before = laptop.latest
        #expect(throws: ClockError.tooFarAhead(ClockStamp(milliseconds: 1_001 + HybridLogicalClock.maximumDrift + 1, counter: 0, device: "x"), now: 1_001)) {
            try laptop.receive(ClockStamp(milliseconds: 1_001 + HybridLogicalClock.maximumDrift + 1, counter: 0, device: "x"), now: 1_001)
        }
        #expect(laptop.latest == before)
    }

    @Test("A counter at its maximum moves on to the next millisecond")
    func counterOverflow() {
        var clock = HybridLogicalClock(device: "a", latest: ClockStamp(milliseconds: 9, counter: .max, device: "a"))
        #expect(clock.stamp(now: 0) == ClockStamp(milliseconds: 10, counter: 0, device: "a"))
    }

    @Test("Stamps read back from their text, and the text sorts as the stamps do")
    func text() {
        let stamps = [
            ClockStamp(milliseconds: 1_764_145_200_000, counter: 42, device: "b"),
            ClockStamp(milliseconds: 1_764_145_200_000, counter: 42, device: "a"),
            ClockStamp(milliseconds: 0, counter: 0, device: "z"),
            ClockStamp(milliseconds: 99, counter: .max, device: "d-e-f"),
        ]
        #expect(stamps[0].description == "000001764145200000-0000002a-b")
        for stamp in stamps { #expect(ClockStamp(stamp.description) == stamp) }
        #expect(stamps.sorted().map(\.description) == stamps.map(\.description).sorted())
        for bad in ["", "1-2-3", "00000000000000000x-00000000-a", "000000000000000000-0000000G-a", "000000000000000000-00000000-"] {
            #expect(ClockStamp(bad) == nil, "\(bad)")
        }
    }

    @Test("Random exchanges between three machines: each device's stamps only rise, and every stamp comes after what its maker had seen",
          arguments: 0..<200)
    func randomExchanges(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 25_000_000)
        var clocks = ["a", "b", "c"].map { HybridLogicalClock(device: $0) }
        // Each machine's wall clock is off by its own amount, and sometimes steps back.
        var walls: [Int64] = [1_000_000, 1_000_000 + Int64.random(in: -50_000...50_000, using: &random), 999_000]
        var made: [ClockStamp] = []
        for _ in 0..<300 {
            let machine = Int.random(in: 0..<3, using: &random)
            walls[machine] += Int64.random(in: -20...200, using: &random)
            if Bool.random(using: &random), let seen = made.randomElement(using: &random) {
                let before = clocks[machine].latest
                try clocks[machine].receive(seen, now: walls[machine])
                #expect(clocks[machine].latest > before && clocks[machine].latest > seen)
            }
            let previous = clocks[machine].latest
            let stamp = clocks[machine].stamp(now: walls[machine])
            #expect(stamp > previous, "seed \(seed)")
            #expect(stamp.milliseconds >= walls[machine], "seed \(seed)")
            made.append(stamp)
        }
        #expect(Set(made).count == made.count, "seed \(seed): a stamp was made twice")
    }
}
