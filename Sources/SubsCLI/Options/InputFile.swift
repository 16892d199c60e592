import Foundation
import SubscriptionCore

/// A file the user names for a command to read: an import, a statement, a rates file.
enum InputFile {
    /// The bytes of `path`, or of standard input for `-` where the command takes it. A missing
    /// file, a directory or a file that cannot be read is one line naming it (exit 66).
    static func contents(of path: String, what: String, standardInput: Bool = false) throws -> Data {
        if standardInput && path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StoreError.missingFile(path: path, what: what)
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw StoreError.unreadableFile(path: path, what: what, isDirectory: isDirectory.boolValue)
        }
        return data
    }
}
