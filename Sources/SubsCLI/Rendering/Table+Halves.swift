import SubscriptionCore

// The two halves of a long table's work, which `Table` does on both cores.
extension Table {
    /// Writes lines of a laid-out table: the columns shown, their widths, and every cell's text
    /// and width, row after row.
    struct Lines: Sendable {
        let terminal: Terminal
        let shown: [Int]
        let widths: [Int]
        let amountWidths: [Int]
        let alignments: [Alignment]
        let texts: [String]
        let textWidths: [Int]

        /// The lines of `rows` in `range`. The bytes are handed down `inout`, not captured: a
        /// captured variable that is written is checked for exclusive access at every write.
        func appendRows(_ rows: [[Cell]], _ range: Range<Int>, to output: inout [UInt8]) {
            let count = alignments.count
            for row in range {
                let (first, cells) = (row * count, rows[row])
                append({ texts[first + $0] }, width: { textWidths[first + $0] }, style: { cells[$0].style },
                       isHeader: false, to: &output)
            }
        }

        func append(
            _ text: (Int) -> String, width: (Int) -> Int, style: (Int) -> Terminal.Style?, isHeader: Bool,
            to output: inout [UInt8]
        ) {
            for (position, index) in shown.enumerated() {
                if position > 0 { Self.put(Table.separator, to: &output) }
                let gap = widths[index] - width(index)
                let painted = terminal.paint(text(index), style(index))
                let amounts = min(widths[index], amountWidths[index])
                switch alignments[index] {
                case .left:
                    Self.put(painted, to: &output)
                    if position < shown.count - 1 { Self.pad(gap, to: &output) }
                case .decimal where isHeader && width(index) > amounts:
                    Self.put(painted, to: &output)
                    if position < shown.count - 1 { Self.pad(gap, to: &output) }
                case .decimal where !isHeader:
                    Self.pad(amounts - width(index), to: &output)
                    Self.put(painted, to: &output)
                    if position < shown.count - 1 { Self.pad(widths[index] - max(amounts, width(index)), to: &output) }
                case .right, .decimal:
                    Self.pad(gap, to: &output)
                    Self.put(painted, to: &output)
                }
            }
            // Spaces only: a space is one byte, and no other character's UTF-8 contains it.
            while output.last == UInt8(ascii: " ") { output.removeLast() }
            output.append(UInt8(ascii: "\n"))
        }

        static func pad(_ count: Int, to output: inout [UInt8]) {
            if count > 0 { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
        }

        /// A cell's bytes copied at once: appending a string's UTF-8 view goes element by element.
        static func put(_ text: String, to output: inout [UInt8]) {
            var text = text
            text.withUTF8 { output.append(contentsOf: $0) }
        }
    }

    /// Room for each cell's text and width, row after row, filled in by rows on both cores (each
    /// its own rows, each cell once).
    struct Cells: @unchecked Sendable {
        let texts: UnsafeMutableBufferPointer<String>
        let widths: UnsafeMutableBufferPointer<Int>
        let maximumWidths: [Int]
        let short: Bool

        func measure(_ rows: [[Cell]], _ range: Range<Int>) {
            var place = range.lowerBound * maximumWidths.count
            for row in rows[range] {
                for (cell, maximumWidth) in zip(row, maximumWidths) {
                    let text = (short ? cell.short : nil) ?? cell.text
                    // Printable ASCII, most cells, is safe and a column a byte: its bytes are read once.
                    if let width = text.printableASCIICount, width <= maximumWidth {
                        texts.initializeElement(at: place, to: text)
                        widths[place] = width
                    } else {
                        let shown = text.terminalSafe.truncated(toWidth: maximumWidth)
                        texts.initializeElement(at: place, to: shown)
                        widths[place] = shown.displayWidth
                    }
                    place += 1
                }
            }
            // Every place of these rows filled, once: the caller counts them all as made.
            precondition(place == range.upperBound * maximumWidths.count, "a row has one cell per column")
        }
    }
}
