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
        var texts = rows.map { row in
            zip(row, columns).map { cell, column in
                cell.text.terminalSafe.truncated(toWidth: column.maximumWidth)
            }
        }
        // A decimal column pads each amount on the right so the points line up, then aligns right.
        for index in columns.indices where columns[index].alignment == .decimal {
            let tails = texts.map { String(Self.fractionPart($0[index])).displayWidth }
            let longest = tails.max() ?? 0
            for row in texts.indices {
                texts[row][index] += String(repeating: " ", count: longest - tails[row])
            }
        }
        let natural = columns.indices.map { index in
            ([columns[index].header] + texts.map { $0[index] }).map(\.displayWidth).max() ?? 0
        }
        let (shown, widths) = terminal.width.map { layout(natural, within: $0) } ?? (Array(columns.indices), natural)
        for index in shown where widths[index] < natural[index] {
            for row in texts.indices { texts[row][index] = texts[row][index].truncated(toWidth: widths[index]) }
        }
        func line(_ cells: [String], styles: [Terminal.Style?]) -> String {
            var parts: [String] = []
            for (position, index) in shown.enumerated() {
                let text = cells[index]
                let gap = String(repeating: " ", count: max(0, widths[index] - text.displayWidth))
                let isLast = position == shown.count - 1
                let painted = terminal.paint(text, styles[index])
                switch columns[index].alignment {
                case .left: parts.append(isLast ? painted : painted + gap)
                case .right, .decimal: parts.append(gap + painted)
                }
            }
            var result = parts.joined(separator: Self.separator)
            while result.hasSuffix(" ") { result.removeLast() }
            return result
        }
        var output = line(columns.map(\.header), styles: columns.map { _ in .bold }) + "\n"
        for (row, cells) in zip(rows, texts) {
            output += line(cells, styles: row.map(\.style)) + "\n"
        }
        return output
    }

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
