import Foundation

/// A bank statement shaped like years of real use, for `detect`: a few subscriptions charged
/// monthly among many purchases of varying amounts at shops, cafés and fuel stations, some with
/// a reference number in their descriptor. Deterministic: the same count gives the same file.
enum BenchStatement {
    static func write(count: Int, years: Int = 9, to path: String) throws {
        var random = UInt64(0x5EED)
        func next(_ bound: Int) -> Int {
            // SplitMix64: enough for spreading purchases, and the same on every machine.
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let days = 365 * years
        let start = 20_000  // days since 1970-01-01: 2024-10-04
        func date(_ day: Int) -> String {
            let date = Date(timeIntervalSince1970: Double(start + day) * 86_400)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        var rows: [(day: Int, line: String)] = []
        let subscriptions = [("NETFLIX.COM 866-579-7172 CA", "15.49"), ("SPOTIFY P0123", "9.99"), ("APPLE.COM/BILL", "2.99"),
                             ("GITHUB INC", "4.00"), ("DROPBOX*AB12", "11.99"), ("GYM FITNESS CLUB", "39.00")]
        for (index, (name, amount)) in subscriptions.enumerated() {
            for month in 0..<(12 * years) {
                rows.append((month * days / (12 * years) + index, "\(name),-\(amount)"))
            }
        }
        let shops = (0..<40).map { "TESCO STORES \($0)" } + (0..<20).map { "SHELL FUEL \($0)" }
            + (0..<60).map { "CAFE NERO \($0)" } + ["AMAZON MKTPLACE", "UBER TRIP", "LIDL", "ALDI", "PRET A MANGER"]
        while rows.count < count {
            var shop = shops[next(shops.count)]
            if next(10) < 3 { shop += String(format: " REF%06d", next(1_000_000)) }
            rows.append((next(days), "\(shop),-\(1 + next(120)).\(String(format: "%02d", next(100)))"))
        }
        rows.sort { $0.day < $1.day }
        var dates: [Int: String] = [:]
        var text = "Date,Description,Amount\n"
        for row in rows.prefix(count) {
            if dates[row.day] == nil { dates[row.day] = date(row.day) }
            text += "\(dates[row.day]!),\(row.line)\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
