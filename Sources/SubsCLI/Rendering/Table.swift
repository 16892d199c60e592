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
        text.firstIndex(of: ".").map { text[$0...] } ?? ""
    }

    /// The table as lines of text, with no trailing spaces.
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
        let widths = columns.indices.map { index in
            ([columns[index].header] + texts.map { $0[index] }).map(\.displayWidth).max() ?? 0
        }
        func line(_ cells: [String], styles: [Terminal.Style?]) -> String {
            var parts: [String] = []
            for (index, text) in cells.enumerated() {
                let gap = String(repeating: " ", count: widths[index] - text.displayWidth)
                let isLast = index == cells.count - 1
                let painted = terminal.paint(text, styles[index])
                switch columns[index].alignment {
                case .left: parts.append(isLast ? painted : painted + gap)
                case .right, .decimal: parts.append(gap + painted)
                }
            }
            var result = parts.joined(separator: "  ")
            while result.hasSuffix(" ") { result.removeLast() }
            return result
        }
        var output = line(columns.map(\.header), styles: columns.map { _ in .bold }) + "\n"
        for (row, cells) in zip(rows, texts) {
            output += line(cells, styles: row.map(\.style)) + "\n"
        }
        return output
    }
}
