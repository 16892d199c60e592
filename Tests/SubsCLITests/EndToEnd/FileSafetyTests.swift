import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PRODUCT.md §2: what `subs` accepts as its database, key and output files, and where it puts
/// them: never onto a device, through someone else's file or directory, or into the current
/// directory.
@Suite("Devices, pipes, links, owners and directories")
struct FileSafetyTests {
    static let isRoot = geteuid() == 0
    /// Whether this process may make device nodes (root, and not a container without CAP_MKNOD).
    static let canMakeDevices: Bool = {
        let path = NSTemporaryDirectory() + "/subs-mknod-probe-\(getpid())"
        defer { unlink(path) }
        return makeDevice(path, minor: 3) != nil
    }()
    /// The uid of `nobody`, another user for the ownership tests.
    static let otherUser: uid_t = 65534

    static func expectOneLine(_ result: ProcessResult, status: Int32, mentioning texts: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        KeyAndFileErrorTests.expectOneLine(result, status: status, mentioning: texts, sourceLocation: sourceLocation)
    }

    /// The file type bits of `path` itself (not of what a link leads to), or nil when absent.
    static func type(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// A character device node at `path` (mode 0600) for the kernel's "zero" or "null" device,
    /// or nil where devices cannot be made (not root, or a container without CAP_MKNOD).
    static func makeDevice(_ path: String, minor: UInt) -> String? {
        // makedev(1, minor) for minors below 256.
        mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | minor)) == 0 ? path : nil
    }

    static func makeFIFO(_ path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw HarnessError("mkfifo \(path): \(String(cString: strerror(errno)))") }
    }

    static func chown(_ path: String, to owner: uid_t) throws {
        guard lchown(path, owner, gid_t(owner)) == 0 else {
            throw HarnessError("chown \(path): \(String(cString: strerror(errno)))")
        }
    }

    // MARK: Export (item 8)

    @Test("export --output to a FIFO writes into the pipe and leaves the FIFO in place")
    func exportIntoFIFO() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let fifo = sandbox.path("pipe")
        try Self.makeFIFO(fifo)
        // Opened for reading first and without blocking, so subs's open for writing finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let expected = try sandbox.succeed(["export", "--format", "csv", "--today", "2024-06-15"]).stdoutData
        try #require(expected.count < 60_000, "more than a pipe holds")

        try sandbox.succeed(["export", "--format", "csv", "--output", fifo, "--today", "2024-06-15"])
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[..<count])
        }
        #expect(received == expected)
        #expect(Self.type(fifo) == S_IFIFO, "the FIFO was replaced")
    }

    @Test("export --output to a character device writes to it and leaves the device in place",
          .enabled(if: canMakeDevices, "making a device node needs root with CAP_MKNOD"))
    func exportIntoDevice() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let device = try #require(Self.makeDevice(sandbox.path("null"), minor: 3))
        try sandbox.succeed(["export", "--format", "csv", "--output", device, "--today", "2024-06-15"])
        #expect(Self.type(device) == S_IFCHR, "the device node was replaced by a file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).sorted() == ["home", "io", "null"])
    }

    /// Review finding: `--output` naming the key file or the database (directly or through a
    /// link) would replace it with the export and lose everything.
    @Test("export --output never replaces the database or its key file (64)")
    func exportOverOwnFiles() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let link = sandbox.path("innocent.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sandbox.databasePath)
        let database = sandbox.bytes(sandbox.databasePath)
        let key = sandbox.bytes(sandbox.keyPath)
        for output in [sandbox.keyPath, sandbox.databasePath, link] {
            let result = try sandbox.run(["export", "--format", "json", "--output", output, "--today", "2024-06-15"])
            Self.expectOneLine(result, status: 64, mentioning: ["refusing to write to \(output)"])
        }
        #expect(sandbox.bytes(sandbox.databasePath) == database)
        #expect(sandbox.bytes(sandbox.keyPath) == key)
        try sandbox.succeed(["list", "--today", "2024-06-15"])
    }

    @Test("export --output through a symbolic link replaces the file it leads to and keeps the link")
    func exportThroughSymbolicLink() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let directory = sandbox.path("exports")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let target = directory + "/real.json"
        try sandbox.write("old\n", to: target, mode: 0o644)
        let link = sandbox.path("latest.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "exports/real.json")

        let expected = try sandbox.succeed(["export", "--format", "csv", "--today", "2024-06-15"]).stdoutData
        try sandbox.succeed(["export", "--format", "csv", "--output", link, "--today", "2024-06-15"])
        #expect(Self.type(link) == S_IFLNK, "the link was replaced by a file")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "exports/real.json")
        #expect(sandbox.bytes(target) == expected)
        #expect(sandbox.mode(target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["real.json"])

        // A link to a file that does not exist yet creates that file.
        let dangling = sandbox.path("next.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: directory + "/new.json")
        try sandbox.succeed(["export", "--format", "csv", "--output", dangling, "--today", "2024-06-15"])
        #expect(Self.type(dangling) == S_IFLNK)
        #expect(sandbox.bytes(directory + "/new.json") == expected)
    }

    @Test("export --output /dev/fd/1 writes to standard output", .enabled(if: FileManager.default.fileExists(atPath: "/dev/fd/1")))
    func exportToStandardOutputByName() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let expected = try sandbox.succeed(["export", "--format", "csv", "--today", "2024-06-15"]).stdout
        for name in ["/dev/fd/1", "/dev/stdout"] {
            let result = try sandbox.succeed(["export", "--format", "csv", "--output", name, "--today", "2024-06-15"])
            #expect(result.stdout == expected, "\(name): \(result)")
        }
    }

    // MARK: Devices and pipes as the database or key (item 9)

    @Test("A character device as the database is refused (65) without the chmod advice, for reads and writes")
    func deviceAsDatabase() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        var devices = ["/dev/zero"]
        if Self.canMakeDevices, let made = Self.makeDevice(sandbox.path("zero"), minor: 5) { devices.append(made) }
        for device in devices {
            for command in [["list"], ["add", "Hulu", "7.99"]] {
                let result = try sandbox.run(command + ["--db", device, "--today", "2024-06-15"])
                Self.expectOneLine(result, status: 65, mentioning: [device, "character device"])
                #expect(!result.stderr.contains("chmod"), "\(result)")
            }
        }
    }

    @Test("A key or passphrase file that is a FIFO, a device or a directory is refused (77) at once, naming what it is")
    func keyFileThatIsNotAFile() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let fifo = sandbox.path("key-fifo")
        try Self.makeFIFO(fifo)
        let directory = sandbox.path("key-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        var cases = [(fifo, "FIFO"), (directory, "directory")]
        if Self.canMakeDevices, let device = Self.makeDevice(sandbox.path("key-device"), minor: 5) {
            cases.append((device, "character device"))
        }
        for (path, kind) in cases {
            for command in [["list"], ["add", "Hulu", "7.99"]] {
                let result = try sandbox.run(command + ["--key-file", path, "--today", "2024-06-15"])
                Self.expectOneLine(result, status: 77, mentioning: ["key file \(path)", kind])
                let passphrase = try sandbox.run(command + ["--passphrase-file", path, "--today", "2024-06-15"])
                Self.expectOneLine(passphrase, status: 77, mentioning: ["passphrase file \(path)", kind])
            }
        }
        #expect(Self.type(fifo) == S_IFIFO)
    }

    // MARK: No HOME (item 10)

    @Test("Without HOME the files go to the account's home directory, never the current directory",
          .enabled(if: isRoot && Tools.find("setpriv") != nil, "needs root and setpriv to run as another user"))
    func noHomeUsesAccountHome() throws {
        let sandbox = try Sandbox()
        let account = try #require(getpwuid(Self.otherUser), "no user \(Self.otherUser)")
        let accountHome = String(cString: account.pointee.pw_dir)
        // The other user may enter the sandbox and write in its working directory (`home`).
        try sandbox.chmod(sandbox.root.path, 0o755)
        try Self.chown(sandbox.home.path, to: Self.otherUser)
        let result = try sandbox.runTool(
            try #require(Tools.find("setpriv")),
            ["--reuid", "\(Self.otherUser)", "--regid", "\(Self.otherUser)", "--clear-groups",
             SubsBinary.url().path, "add", "Netflix", "15.49", "--today", "2024-06-15"],
            environment: ["HOME": nil])
        #expect(sandbox.homeEntries() == [], "files were made in the current directory: \(sandbox.homeEntries())")
        if FileManager.default.fileExists(atPath: accountHome) {
            #expect(result.status == 0, "\(result)")
        } else {
            // nobody's home (/nonexistent) cannot be made: an error that names it, not a fallback.
            Self.expectOneLine(result, status: 1, mentioning: [accountHome])
        }
    }

    // MARK: Owners and directories (item 11)

    @Test("A key file or database owned by another user is refused (77) with the chown that fixes it",
          .enabled(if: isRoot, "chown to another user needs root"))
    func fileOwnedByAnotherUser() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        for path in [sandbox.keyPath, sandbox.databasePath] {
            try Self.chown(path, to: Self.otherUser)
            let before = try #require(sandbox.bytes(sandbox.databasePath))
            for command in [["list"], ["add", "Hulu", "7.99"]] {
                let result = try sandbox.run(command + ["--today", "2024-06-15"])
                Self.expectOneLine(result, status: 77, mentioning: [path, "another user", "chown root \(path)"])
            }
            #expect(sandbox.bytes(sandbox.databasePath) == before)
            try Self.chown(path, to: 0)
        }
        try sandbox.succeed(["list", "--today", "2024-06-15"])
    }

    @Test("A key or database directory that group or others can write to is refused (77) with the fix")
    func directoryWritableByOthers() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let keyDirectory = (sandbox.keyPath as NSString).deletingLastPathComponent
        let dataDirectory = (sandbox.databasePath as NSString).deletingLastPathComponent
        for (directory, mode) in [(keyDirectory, mode_t(0o770)), (dataDirectory, mode_t(0o707))] {
            try sandbox.chmod(directory, mode)
            for command in [["list"], ["add", "Hulu", "7.99"]] {
                let result = try sandbox.run(command + ["--today", "2024-06-15"])
                Self.expectOneLine(result, status: 77, mentioning: ["chmod go-w \(directory)"])
            }
            try sandbox.chmod(directory, 0o700)
        }

        // A shared directory such as /tmp cannot be fixed with chmod: the advice is to move.
        let shared = sandbox.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        try sandbox.chmod(shared, 0o1777)
        let add = try sandbox.run(["add", "Hulu", "7.99", "--db", shared + "/subs.db", "--today", "2024-06-15"])
        Self.expectOneLine(add, status: 77, mentioning: [shared, "only you can write to"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == [])
    }

    @Test("A key or database directory owned by another user is refused (77)",
          .enabled(if: isRoot, "chown to another user needs root"))
    func directoryOwnedByAnotherUser() throws {
        let sandbox = try KeyAndFileErrorTests.sandboxWithDatabase()
        let keyDirectory = (sandbox.keyPath as NSString).deletingLastPathComponent
        try Self.chown(keyDirectory, to: Self.otherUser)
        let result = try sandbox.run(["list", "--today", "2024-06-15"])
        Self.expectOneLine(result, status: 77, mentioning: [keyDirectory, "another user", "chown root"])
    }

    @Test("Files a killed first run left next to the database are removed by the next write; other files stay")
    func leftoversOfKilledFirstRunAreRemoved() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.home.path + "/.local/share/subs"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let leftovers = ["subs.db.new-4242-1234567", "subs.db.new-4242-1234567-journal", "subs.db.new-17-9"]
        for name in leftovers { try sandbox.write("half a database", to: directory + "/" + name) }
        try sandbox.write("mine", to: directory + "/subs.db.new-backup")
        try sandbox.write("mine", to: directory + "/other.db.new-1-2")

        try sandbox.add("Netflix", "15.49")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == ["other.db.new-1-2", "subs.db", "subs.db.new-backup"])

        // Also once the database exists (a parallel first run finished it).
        try sandbox.write("half a database", to: directory + "/subs.db.new-99-1")
        try sandbox.add("Hulu", "7.99")
        #expect(!FileManager.default.fileExists(atPath: directory + "/subs.db.new-99-1"))
    }

    // MARK: A named database that does not exist (item 17)

    @Test("Reading a database named with --db or SUBS_DB that does not exist is an error (66); writing creates it")
    func namedDatabaseMustExistToBeRead() throws {
        let sandbox = try Sandbox()
        let typo = sandbox.path("typo.db")
        for command in [["list"], ["upcoming"], ["summary"], ["export", "--format", "json"], ["remind"]] {
            let flag = try sandbox.run(command + ["--db", typo, "--today", "2024-06-15"])
            Self.expectOneLine(flag, status: 66, mentioning: ["database \(typo) does not exist"])
            let variable = try sandbox.run(command + ["--today", "2024-06-15"], environment: ["SUBS_DB": typo])
            Self.expectOneLine(variable, status: 66, mentioning: [typo])
        }
        #expect(sandbox.bytes(typo) == nil)
        #expect(sandbox.homeEntries() == [], "a read made files: \(sandbox.homeEntries())")

        try sandbox.add("Netflix", "15.49", ["--db", typo])
        let list = try sandbox.succeed(["list", "--format", "json", "--db", typo, "--today", "2024-06-15"])
        #expect(try list.jsonArray().map { $0["name"] as? String } == ["Netflix"])
    }
}
