import ArgumentParser
import Foundation
import SubscriptionCore

extension Subs {
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: localized("Sync with your other machines through a shared folder or a git repository."),
            subcommands: [Run.self, Initialize.self, Join.self, Status.self, Compact.self],
            defaultSubcommand: Run.self).parsedAlone
    }
}

extension Subs.Sync {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "now",
            abstract: localized("Write this machine's changes to the sync folder and apply the other machines' (the default).")).parsedAlone

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            guard let device = try store.syncDevice() else { throw SyncGroupError.notInGroup }
            let report = try SyncRound(store: store, folder: device.folder, device: device.device, git: device.git).run()
            SyncRenderer.report(report)
        }
    }

    struct Initialize: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: localized("Make a folder the sync folder and write this machine's data into it.")).parsedAlone

        @Argument(help: .localized("The folder: one Syncthing, Nextcloud or Dropbox syncs, or a git repository's clone."),
                  completion: .directory)
        var folder: String

        @Flag(help: .localized("The folder is a git repository: pull, commit and push on each sync."))
        var git = false

        @OptionGroup var device: SyncDeviceOptions
        @OptionGroup var passphrase: SyncPassphraseOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let (store, name, path) = try SyncRound.newMember(store, device, folder: folder)
            let folder = SyncFolder(path: path)
            if git {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                let repository = try GitRepository(directory: path)
                if repository.isRepository { try repository.pullRebase() } else { try repository.initialize() }
            }
            // Before the passphrase is asked: a folder already made is joined, not made again.
            if FileManager.default.fileExists(atPath: folder.headerPath) { throw SyncError.alreadySyncFolder(path: path) }
            var secret = try passphrase.passphrase(confirm: true)
            defer { secret.zeroize() }
            let (key, header) = try SyncKey.create(passphrase: secret, parameters: SyncPassphraseOptions.newKeyParameters)
            try folder.createHeader(header)
            let id = SyncFolder.newDeviceID()
            try store.joinSyncGroup(folder: path, key: key.key, device: id, name: name, git: git)
            let report = try SyncRound(store: store, folder: path, device: id, git: git, alsoCommit: [folder.headerPath]).run()
            print(localized("Made \(path.terminalSafe) the sync folder, with this machine as \(name.terminalSafe)."))
            SyncRenderer.report(report)
            if git {
                print(localized("On each other machine, clone the repository and run: subs sync join CLONE"))
            } else {
                print(localized("On each other machine: subs sync join \(path.terminalSafe)"))
            }
        }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join",
            abstract: localized("Join the sync folder another machine made, merging this machine's data with it.")).parsedAlone

        @Argument(help: .localized("The sync folder, as this machine sees it."), completion: .directory)
        var folder: String

        @Flag(help: .localized("The folder is a git repository's clone (found by itself when it has .git)."))
        var git = false

        @OptionGroup var device: SyncDeviceOptions
        @OptionGroup var passphrase: SyncPassphraseOptions
        @OptionGroup var store: StoreOptions

        func run() throws {
            let (store, name, path) = try SyncRound.newMember(store, device, folder: folder)
            let git = git || FileManager.default.fileExists(atPath: path + "/.git")
            if git { try GitRepository(directory: path).pullRebase() }
            let folder = SyncFolder(path: path)
            let header = try folder.header()
            var secret = try passphrase.passphrase()
            defer { secret.zeroize() }
            let key = try SyncKey(passphrase: secret, header: header)
            let id = SyncFolder.newDeviceID()
            try store.joinSyncGroup(folder: path, key: key.key, device: id, name: name, git: git)
            let report = try SyncRound(store: store, folder: path, device: id, git: git).run()
            print(localized("Joined the sync folder \(path.terminalSafe) as \(name.terminalSafe)."))
            SyncRenderer.report(report)
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: localized("Show the machines of the sync folder, what each has seen, and what is waiting.")).parsedAlone

        @Option(help: .localized("Output format."))
        var format: ObjectFormat = .table

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            guard let device = try store.syncDevice() else { throw SyncGroupError.notInGroup }
            print(SyncRenderer.status(try store.syncStatus(SyncFolder(path: device.folder)), format: format), terminator: "")
        }
    }

    struct Compact: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compact",
            abstract: localized("Replace this machine's files that every machine has seen with one snapshot.")).parsedAlone

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openStore()
            guard let device = try store.syncDevice() else { throw SyncGroupError.notInGroup }
            let folder = SyncFolder(path: device.folder)
            let report = try store.compactSync(folder)
            if device.git, report.snapshot != nil {
                _ = try GitRepository(directory: device.folder).syncCommit(
                    paths: [device.folder + "/" + device.device], message: "subs sync compact \(device.device)")
            }
            SyncRenderer.compact(report)
        }
    }
}

/// `--device NAME`: what this machine is called in `sync status` and in conflicts.
struct SyncDeviceOptions: ParsableArguments {
    @Option(name: .customLong("device"), help: .localized("This machine's name in the sync folder (default: the host name).",
                                                          valueName: "name"))
    var deviceName: String?

    func name() throws -> String {
        try TextInput.name(deviceName ?? ProcessInfo.processInfo.hostName)
    }
}

/// One sync of this machine: with git, pull first; then the store's sync; with git, commit this
/// machine's files and push, and when another machine pushed first (its files came with the
/// pull before the push), apply those too.
struct SyncRound {
    let store: SubscriptionStore
    let folder: String
    let device: String
    let git: Bool
    /// Files of the folder to commit beside this machine's own (the header, made by `init`).
    var alsoCommit: [String] = []

    func run() throws -> SyncReport {
        let repository = try git ? GitRepository(directory: folder) : nil
        try repository?.pullRebase()
        let me = try AccountName.me(store)
        var report = try store.sync(SyncFolder(path: folder), me: me)
        guard let repository else { return report }
        let own = folder + "/" + device
        let paths = alsoCommit + (FileManager.default.fileExists(atPath: own) ? [own] : [])
        let outcome = try repository.syncCommit(paths: paths, message: "subs sync \(device)")
        if outcome.attempts > 1 {
            report.append(try store.sync(SyncFolder(path: folder), me: me))
        }
        return report
    }

    /// What `init` and `join` start from: the store, refused when it syncs already; this
    /// machine's name; the folder's absolute path.
    static func newMember(
        _ options: StoreOptions, _ device: SyncDeviceOptions, folder: String
    ) throws -> (SubscriptionStore, name: String, path: String) {
        let store = try options.openStore()
        if let current = try store.syncDevice() { throw SyncGroupError.alreadyInGroup(folder: current.folder) }
        return (store, try device.name(), absolute(folder))
    }

    /// `path` from the working directory, so that every later sync finds the same folder.
    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return url.standardizedFileURL.path
    }
}
