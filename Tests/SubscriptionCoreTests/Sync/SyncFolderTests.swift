import Foundation
import Testing
@testable import SubscriptionCore
#if canImport(Glibc)
import Glibc
#endif

/// The sync folder on disk: a header written once, change files written whole under names no
/// other machine writes and never replaced, and a listing that takes only those files and
/// ignores what engines and people leave beside them.
@Suite("Sync folder")
struct SyncFolderTests {
    let root: String
    let folder: SyncFolder
    let device = "0123456789abcdef"

    init() throws {
        root = NSTemporaryDirectory() + "subs-sync-folder-\(UUID().uuidString)"
        folder = SyncFolder(path: root + "/sync")
    }

    private func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    private func header() throws -> SyncHeader {
        try SyncKey.create(passphrase: Array("pass".utf8), parameters: .testing).1
    }

    @Test("The header is written once in a new 0700 folder and reads back; a second is refused; none is notASyncFolder")
    func headerRoundTrip() throws {
        defer { cleanUp() }
        #expect(throws: SyncError.notASyncFolder(path: folder.path)) { try folder.header() }
        let header = try header()
        try folder.createHeader(header)
        #expect(try folder.header() == header)
        var info = stat()
        #expect(stat(folder.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(throws: SyncError.alreadySyncFolder(path: folder.path)) { try folder.createHeader(try self.header()) }
        #expect(try folder.header() == header)
        // Only the header is there: no temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["subs-sync.json"])
    }

    @Test("A damaged or oversized header is header damage, a symlinked one is refused")
    func damagedHeader() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.headerPath))
        #expect(throws: SyncError.headerDamaged(path: folder.headerPath, .missingField("format"))) { try folder.header() }
        try Data(repeating: 0x20, count: SyncHeader.maximumBytes + 1).write(to: URL(fileURLWithPath: folder.headerPath))
        #expect(throws: SyncError.headerDamaged(path: folder.headerPath, .tooLarge)) { try folder.header() }
        try FileManager.default.removeItem(atPath: folder.headerPath)
        let elsewhere = root + "/elsewhere.json"
        try (try header()).encoded.write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: folder.headerPath, withDestinationPath: elsewhere)
        #expect(throws: SyncError.file(path: folder.headerPath, .notRegularFile)) { try folder.header() }
    }

    @Test("A written file reads back, is listed, and is never replaced")
    func writeReadImmutable() throws {
        defer { cleanUp() }
        try folder.createHeader(try header())
        try folder.write(Data("one".utf8), device: device, sequence: 1)
        try folder.write(Data("two".utf8), device: device, sequence: 2)
        let files = try folder.changeFiles()
        #expect(files.map(\.sequence) == [1, 2] && files.allSatisfy { $0.device == device })
        #expect(files.first?.path == folder.path + "/\(device)/000000000001.subs")
        #expect(try folder.read(files[0]) == Data("one".utf8))
        #expect(throws: SyncError.file(path: files[0].path, .exists)) {
            try folder.write(Data("other".utf8), device: device, sequence: 1)
        }
        #expect(try folder.read(files[0]) == Data("one".utf8))
        #expect(throws: SyncError.invalidDevice("../x")) { try folder.write(Data(), device: "../x", sequence: 3) }
        // No temporary name is left behind in the device's directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + device).sorted()
                == ["000000000001.subs", "000000000002.subs"])
        try folder.remove(device: device, sequences: [1, 5])
        #expect(try folder.changeFiles().map(\.sequence) == [2])
    }

    @Test("Engines' temporary and conflict files, .git, .stfolder, other names and symlinks are not listed")
    func ignoredNames() throws {
        defer { cleanUp() }
        try folder.createHeader(try header())
        let other = "fedcba9876543210"
        try folder.write(Data("a".utf8), device: device, sequence: 3)
        try folder.write(Data("b".utf8), device: other, sequence: 1)
        let manager = FileManager.default
        func put(_ relative: String) throws {
            let path = folder.path + "/" + relative
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("junk".utf8).write(to: URL(fileURLWithPath: path))
        }
        for name in [
            "\(device)/.syncthing.000000000004.subs.tmp", "\(device)/000000000004.sync-conflict-20261126-101010-ABCDEFG.subs",
            "\(device)/000000000004 (conflicted copy).subs", "\(device)/000000000004 (Ada's conflicted copy 2026-11-26).subs",
            "\(device)/.000000000005.subs.tmp-123", "\(device)/00000000006.subs", "\(device)/0000000000007.subs",
            "\(device)/00000000000a.subs", "\(device)/000000000008.subs.bak", "\(device)/000000000009.SUBS",
            "\(device)/README.md", ".git/objects/000000000001.subs", ".stfolder/000000000001.subs",
            "0123456789ABCDEF/000000000001.subs", "0123456789abcde/000000000001.subs", "README.md",
            "000000000001.subs", "\(device).sync-conflict-x/000000000001.subs",
        ] {
            try put(name)
        }
        try manager.createDirectory(atPath: folder.path + "/\(device)/000000000010.subs", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder.path + "/\(device)/000000000011.subs", withDestinationPath: folder.headerPath)
        try manager.createSymbolicLink(atPath: folder.path + "/aaaaaaaaaaaaaaaa", withDestinationPath: folder.path + "/" + device)
        let listed = try folder.changeFiles().map { "\($0.device)/\($0.sequence)" }
        #expect(listed == ["\(device)/3", "\(other)/1"])
    }

    @Test("Reading refuses a symlink, an oversized file and a file that is not regular")
    func readRefusals() throws {
        defer { cleanUp() }
        try folder.createHeader(try header())
        try folder.write(Data("a".utf8), device: device, sequence: 1)
        let directory = folder.path + "/" + device
        let link = ChangeFileName(device: device, sequence: 2, path: directory + "/000000000002.subs")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: directory + "/000000000001.subs")
        #expect(throws: SyncError.file(path: link.path, .notRegularFile)) { try folder.read(link) }
        let fifo = ChangeFileName(device: device, sequence: 3, path: directory + "/000000000003.subs")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: SyncError.file(path: fifo.path, .notRegularFile)) { try folder.read(fifo) }
        let large = ChangeFileName(device: device, sequence: 4, path: directory + "/000000000004.subs")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        #expect(truncate(large.path, off_t(SealedChangeFile.maximumBytes + 1)) == 0)
        #expect(throws: SyncError.file(path: large.path, .tooLarge(bytes: SealedChangeFile.maximumBytes + 1))) { try folder.read(large) }
        let missing = ChangeFileName(device: device, sequence: 5, path: directory + "/000000000005.subs")
        #expect(throws: SyncError.file(path: missing.path, .system(errno: ENOENT))) { try folder.read(missing) }
    }

    @Test("10,000 files of 10 devices are all listed, in order (directories are read, no file is)")
    func manyFiles() throws {
        defer { cleanUp() }
        try folder.createHeader(try header())
        var devices: [String] = []
        for _ in 0..<10 {
            let id = SyncFolder.newDeviceID()
            devices.append(id)
            let directory = folder.path + "/" + id
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for sequence in 1...1000 {
                let name = directory + "/" + SyncFolder.fileName(UInt64(sequence))
                let descriptor = open(name, O_WRONLY | O_CREAT, 0o600)
                close(descriptor)
            }
        }
        let files = try folder.changeFiles()
        #expect(files.count == 10_000)
        #expect(files.map(\.device) == devices.sorted().flatMap { Array(repeating: $0, count: 1000) })
        #expect(files.prefix(1000).map(\.sequence) == Array(1...1000))
    }

    @Test("Device ids are 16 lowercase hex characters, and new ones differ")
    func deviceIDs() {
        let ids = (0..<100).map { _ in SyncFolder.newDeviceID() }
        #expect(ids.allSatisfy(SyncFolder.isDeviceID) && Set(ids).count == 100)
        for bad in ["", "0123456789ABCDEF", "0123456789abcdeg", "0123456789abcde", "0123456789abcdef0", "../../../etc/pas"] {
            #expect(!SyncFolder.isDeviceID(bad), "\(bad)")
        }
        #expect(SyncFolder.sequence(inName: "000000000042.subs") == 42)
        #expect(SyncFolder.sequence(inName: "00000000004.subs") == nil)
        #expect(SyncFolder.sequence(inName: "٠٠٠٠٠٠٠٠٠٠٠١.subs") == nil)
    }
}
