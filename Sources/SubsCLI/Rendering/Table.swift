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
    }

    /// One cell: its text and an optional colour.
    struct Cell: ExpressibleByStringLiteral {
        let text: String
        let style: Terminal.Style?

        init(_ text: String, style: Terminal.Style? = nil) {
            self.text = text
            self.style = style
        }

        init(stringLiteral value: String) {
            self.init(value)
        }
    }

    let columns: [Column]
    var rows: [[Cell]] = []

    init(_ columns: [Column]) {
        self.columns = columns
    }

    mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count, "a row has one cell per column")
        rows.append(row)
    }

    /// From the decimal point on: `.49` of `$15.49`, nothing for `¥1,000`.
    private static func fractionPart(_ text: String) -> Substring {
        let point: Character = Language.current == .turkish ? "," : "."
        return text.lastIndex(of: point).map { text[$0...] } ?? ""
    }

    /// The table as lines of text, with no trailing spaces, fitted to `terminal.width` when it
    /// has one: first cutting columns with a minimum width, then dropping columns.
    func render(on terminal: Terminal) -> String {
        let count = columns.count
        // Every cell's text and width, worked out once, row after row in one array.
        var texts: [String] = []
        var textWidths: [Int] = []
        texts.reserveCapacity(rows.count * count)
        textWidths.reserveCapacity(rows.count * count)
        for row in rows {
            for (cell, column) in zip(row, columns) {
                let text = cell.text.terminalSafe.truncated(toWidth: column.maximumWidth)
                texts.append(text)
                textWidths.append(text.displayWidth)
            }
        }
        // A decimal column pads each amount on the right so the points line up, then aligns right.
        for index in columns.indices where columns[index].alignment == .decimal {
            let cells = stride(from: index, to: texts.count, by: count)
            let tails = cells.map { String(Self.fractionPart(texts[$0])).displayWidth }
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
        let (shown, widths) = terminal.width.map { layout(natural, within: $0) } ?? (Array(columns.indices), natural)
        for index in shown where widths[index] < natural[index] {
            for cell in stride(from: index, to: texts.count, by: count) where textWidths[cell] > widths[index] {
                texts[cell] = texts[cell].truncated(toWidth: widths[index])
                textWidths[cell] = texts[cell].displayWidth
            }
        }
        var output = ""
        output.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 2 * count + 1))
        func line(_ text: (Int) -> String, width: (Int) -> Int, style: (Int) -> Terminal.Style?) {
            for (position, index) in shown.enumerated() {
                if position > 0 { output += Self.separator }
                let gap = Self.spaces(max(0, widths[index] - width(index)))
                let painted = terminal.paint(text(index), style(index))
                switch columns[index].alignment {
                case .left:
                    output += painted
                    if position < shown.count - 1 { output += gap }
                case .right, .decimal:
                    output += gap
                    output += painted
                }
            }
            // Spaces only, scalar by scalar: a character ending in a space keeps its other scalars.
            while output.unicodeScalars.last == " " { output.unicodeScalars.removeLast() }
            output += "\n"
        }
        line({ columns[$0].header }, width: { columns[$0].header.displayWidth }, style: { _ in .bold })
        for (row, cells) in rows.enumerated() {
            let first = row * count
            line({ texts[first + $0] }, width: { textWidths[first + $0] }, style: { cells[$0].style })
        }
        return output
    }

    /// `count` spaces; the usual short gaps are made once.
    private static func spaces(_ count: Int) -> String {
        count < gaps.count ? gaps[count] : String(repeating: " ", count: count)
    }

    private static let gaps = (0..<80).map { String(repeating: " ", count: $0) }

    private static let separator = "  "

    /// Which columns to show, and how wide, to fit `width`: cuts columns that have a minimum
    /// width, widest first, and drops columns in their drop order while cutting is not enough.
    /// When nothing fits, every column that can be dropped is, and the rest are as narrow as
    /// they may be.
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
            while excess > 0, let widest = shown.filter({ widths[$0] > floor($0) }).max(by: { widths[$0] < widths[$1] }) {
                widths[widest] -= 1
                excess -= 1
            }
            if excess <= 0 { break }
        }
        return (shown, widths)
    }
}
