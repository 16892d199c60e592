import Foundation
import Testing
@testable import SubscriptionCore

@Suite("CSV reader")
struct CSVReaderTests {
    @Test("Quoted fields with commas, doubled quotes and line breaks; records keep their first line")
    func quoting() throws {
        let records = try CSVReader.records("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\nlines\",z\nlast,\n")
        #expect(records.map(\.fields) == [["a", "b"], ["x, y", "say \"hi\""], ["two\nlines", "z"], ["last", ""]])
        #expect(records.map(\.line) == [1, 2, 3, 5])
    }

    @Test("A byte-order mark, CRLF (also inside quotes), blank lines and no final newline")
    func spreadsheetText() throws {
        let records = try CSVReader.records("\u{FEFF}a,b\r\n\r\n\"1\r\n2\",3\r\n4,5")
        #expect(records.map(\.fields) == [["a", "b"], ["1\n2", "3"], ["4", "5"]])
        #expect(records.map(\.line) == [1, 3, 5])
    }

    @Test("A quote never closed is an error naming the line it opened on")
    func unclosed() {
        #expect(throws: CSVError.unclosedQuote(line: 2)) { try CSVReader.records("a\n\"open,\nmore") }
    }

    @Test("Bytes that are not UTF-8: an error naming their line")
    func notUTF8() {
        #expect(throws: CSVError.notUTF8(line: 2)) { try CSVReader.text(Data("a,b\n".utf8) + Data([0x63, 0xFF])) }
        #expect(throws: ImportError.self) { try CSVReader.importText(Data([0xC3])) }
    }

    @Test("A field list guarded against formulas reads back as it was")
    func formulaGuard() {
        #expect(SubsListCSVFormat.unneutralised("'=SUM(A1)") == "=SUM(A1)")
        #expect(SubsListCSVFormat.unneutralised("'-5") == "-5")
        #expect(SubsListCSVFormat.unneutralised("'quoted'") == "'quoted'")
        #expect(SubsListCSVFormat.unneutralised("''-y") == "'-y")
    }
}
