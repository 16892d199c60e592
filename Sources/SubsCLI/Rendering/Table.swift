import SubscriptionCore

/// An aligned text table: a header row, then one row per item, columns separated by two spaces.
struct Table {
    enum Alignment {
        case left, right
        /// Amounts: lined up on the decimal point.
        case decimal
    }

    struct Column {
        let header: String
        var alignment: Alignment = .left
        /// Cells wider than this are cut with an ellipsis.
        var maximumWidth: Int = 60
        /// To fit a narrow terminal the column may be cut down to this width; nil keeps it whole.
        var minimumWidth: Int? = nil
        /// When cutting is not enough, columns are dropped from the lowest number up; nil never.
        var dropOrder: Int? = nil
        /// How many columns are dropped before this one is cut: names, cut last, wait for the
        /// ID column to go first.
        var cutAfterDropping: Int = 0
    }

    /// One cell: its text, a shorter form of it for a narrow terminal, and an optional colour.
    struct Cell: ExpressibleByStringLiteral {
        let text: String
        /// Said in fewer columns (`3 months` for `every 3 months`): what a table too wide for the
        /// terminal shows before it cuts anything.
        let short: String?
        let style: Terminal.Style?

        init(_ text: String, short: String? = nil, style: Terminal.Style? = nil) {
            self.text = text
            self.short = short
            self.style = style
        }

        init(stringLiteral value: String) {
            self.init(value)
        }
    }

    let columns: [Column]
    private(set) var rows: [[Cell]] = []

    init(_ columns: [Column]) {
        self.columns = columns
    }

    mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count, "a row has one cell per column")
        rows.append(row)
    }

    mutating func append(contentsOf rows: [[Cell]]) {
        precondition(rows.allSatisfy { $0.count == columns.count }, "a row has one cell per column")
        self.rows.append(contentsOf: rows)
    }

    /// From the decimal point on: `.49` of `$15.49`, nothing for `¥1,000`. The point is found
    /// among the bytes: amounts are written by `MoneyText`, with no mark combined with a point.
    private static func fractionPart(_ text: String, point: UInt8) -> Substring {
        text.utf8.lastIndex(of: point).map { text[$0...] } ?? ""
    }

    /// The table as lines of text, with no trailing spaces, fitted to `terminal.width` when it
    /// has one: first saying cells in their short forms, then cutting columns with a minimum
    /// width, then dropping columns, and last cutting any text column down to its header.
    func render(on terminal: Terminal) -> String {
        Self.text(of: renderedBytes(on: terminal))
    }

    /// `render(on:)` as UTF-8 bytes, then `footer`'s, in pieces to be written one after another:
    /// a table of 100,000 rows is written out as it is, without a string made of it, and the
    /// half of it made on the other core is not copied after the other.
    func renderedBytes(on terminal: Terminal, footer: String = "") -> [[UInt8]] {
        let count = columns.count
        var (texts, textWidths, natural) = measured(short: false)
        if let width = terminal.width, Self.total(natural) > width,
           rows.contains(where: { $0.contains { $0.short != nil } }) {
            (texts, textWidths, natural) = measured(short: true)
        }
        let (shown, widths) = terminal.width.map { layout(natural, within: $0) } ?? (Array(columns.indices), natural)
        for index in shown where widths[index] < natural[index] {
            for cell in stride(from: index, to: texts.count, by: count) where textWidths[cell] > widths[index] {
                texts[cell] = texts[cell].truncated(toWidth: widths[index])
                textWidths[cell] = texts[cell].displayWidth
            }
        }
        // Amounts under a header wider than they are stand at its start, lined up among
        // themselves, so that the header is over them and not off to their left.
        let amountWidths = columns.indices.map { index in
            stride(from: index, to: texts.count, by: count).reduce(0) { max($0, textWidths[$1]) }
        }
        let lines = Lines(
            terminal: terminal, shown: shown, widths: widths, amountWidths: amountWidths,
            alignments: columns.map(\.alignment), texts: texts, textWidths: textWidths)
        // A header is cut only when its column had to be cut below it to fit at all.
        let headers = columns.indices.map { columns[$0].header.truncated(toWidth: max(1, widths[$0])) }
        let lineWidth = widths.reduce(0, +) + 2 * count + 1
        // The rows after the first half are written on the other core meanwhile: writing the
        // lines of 100,000 rows was a tenth of `list`'s time.
        let half = rows.count / 2
        let (later, output) = BothCores.run(if: rows.count >= BothCores.threshold, { [rows] in
            var output: [UInt8] = []
            output.reserveCapacity((rows.count - half) * lineWidth)
            lines.appendRows(rows, half..<rows.count, to: &output)
            return output
        }, while: {
            var output: [UInt8] = []
            output.reserveCapacity((half + 1) * lineWidth)
            lines.append({ headers[$0] }, width: { headers[$0].displayWidth }, style: { _ in .bold }, isHeader: true,
                         to: &output)
            lines.appendRows(rows, 0..<half, to: &output)
            return output
        })
        return [output, later, Array(footer.utf8)]
    }

    /// The text of pieces `renderedBytes` made.
    static func text(of pieces: [[UInt8]]) -> String {
        String(decoding: pieces.joined(), as: UTF8.self)
    }

    /// Every cell's text (its short form when `short` and it has one) and width, worked out once,
    /// row after row in one array, and each column's natural width.
    private func measured(short: Bool) -> (texts: [String], widths: [Int], natural: [Int]) {
        let count = columns.count
        let maximumWidths = columns.map(\.maximumWidth)
        // Each row has a cell per column (`append` makes sure), so each cell's place is known: the
        // later half of the rows is worked out on the other core, into the same arrays, while
        // this one works out the first.
        let (cellCount, half) = (rows.count * count, rows.count / 2)
        var textWidths = [Int](repeating: 0, count: cellCount)
        var texts = [String](unsafeUninitializedCapacity: cellCount) { texts, made in
            textWidths.withUnsafeMutableBufferPointer { widths in
                let cells = Cells(texts: texts, widths: widths, maximumWidths: maximumWidths, short: short)
                _ = BothCores.run(if: rows.count >= BothCores.threshold, { [rows] in
                    cells.measure(rows, half..<rows.count)
                }, while: {
                    cells.measure(rows, 0..<half)
                })
            }
            made = cellCount
        }
        // A decimal column pads each amount on the right so the points line up, then aligns right.
        for index in columns.indices where columns[index].alignment == .decimal {
            let cells = stride(from: index, to: texts.count, by: count)
            let point = UInt8(ascii: Language.current == .turkish ? "," : ".")
            let tails = cells.map { String(Self.fractionPart(texts[$0], point: point)).displayWidth }
            let longest = tails.max() ?? 0
            for (cell, tail) in zip(cells, tails) where tail < longest {
                texts[cell] += Self.spaces(longest - tail)
                textWidths[cell] += longest - tail
            }
        }
        let natural = columns.indices.map { index in
            stride(from: index, to: texts.count, by: count).reduce(columns[index].header.displayWidth) {
                max($0, textWidths[$1])
            }
        }
        return (texts, textWidths, natural)
    }

    /// The columns `widths` take side by side.
    private static func total(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + separator.count * max(0, widths.count - 1)
    }

    /// `count` spaces; the usual short gaps are made once.
    private static func spaces(_ count: Int) -> String {
        count < gaps.count ? gaps[count] : String(repeating: " ", count: count)
    }

    private static let gaps = (0..<80).map { String(repeating: " ", count: $0) }

    static let separator = "  "

    /// The fewest columns a text column is cut to: two characters and the ellipsis.
    private static let narrowest = 3

    /// Which columns to show, and how wide, to fit `width`: cuts columns that have a minimum
    /// width, widest first, and drops columns in their drop order while cutting is not enough.
    /// When that is not enough, every column that can be dropped is, and the text columns are
    /// cut further, widest first, down to their headers; then, so that the table still fits a
    /// very narrow terminal, down to a few columns each.
    private func layout(_ natural: [Int], within width: Int) -> (shown: [Int], widths: [Int]) {
        let dropping = columns.indices.filter { columns[$0].dropOrder != nil }
            .sorted { columns[$0].dropOrder! < columns[$1].dropOrder! }
        var shown = Array(columns.indices)
        var widths = natural
        for dropped in 0...dropping.count {
            if dropped > 0 { shown.removeAll { $0 == dropping[dropped - 1] } }
            widths = natural
            var excess = shown.map { widths[$0] }.reduce(0, +) + Self.separator.count * (shown.count - 1) - width
            let floor = { (index: Int) in
                min(natural[index], max(self.columns[index].minimumWidth ?? natural[index],
                                        self.columns[index].header.displayWidth))
            }
            let cuttable = shown.filter { columns[$0].cutAfterDropping <= dropped }
            while excess > 0, let widest = cuttable.filter({ widths[$0] > floor($0) }).max(by: { widths[$0] < widths[$1] }) {
                widths[widest] -= 1
                excess -= 1
            }
            if excess <= 0 { break }
        }
        var excess = Self.total(shown.map { widths[$0] }) - width
        let cuttable = shown.filter { columns[$0].alignment == .left }
        let floors: [(Int) -> Int] = [{ self.columns[$0].header.displayWidth }, { _ in Self.narrowest }]
        for floor in floors {
            while excess > 0, let widest = cuttable.filter({ widths[$0] > floor($0) }).max(by: { widths[$0] < widths[$1] }) {
                widths[widest] -= 1
                excess -= 1
            }
        }
        return (shown, widths)
    }
}
