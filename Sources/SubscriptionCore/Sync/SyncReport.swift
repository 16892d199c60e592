import Foundation

/// What one `sync` did (PRODUCT.md §15), for the CLI to say.
public struct SyncReport: Equatable, Sendable {
    /// This machine's new change file, when it had changes: its number and how many things it carries.
    public var written: (sequence: UInt64, entities: Int)?
    /// The other devices' files applied, in the order applied.
    public var applied: [AppliedFile] = []
    /// Files that did not open or read, each skipped whole.
    public var skipped: [SkippedFile] = []
    /// Fields two machines changed since they last met.
    public var conflicts: [SyncConflict] = []
    /// Subscriptions another machine deleted.
    public var deleted: [DeletedElsewhere] = []
    /// Things a file brought that do not make a valid record here, left as they were.
    public var unmerged: [EntityID] = []

    public init() {}

    public static func == (a: SyncReport, b: SyncReport) -> Bool {
        a.written?.sequence == b.written?.sequence && a.written?.entities == b.written?.entities
            && a.applied == b.applied && a.skipped == b.skipped && a.conflicts == b.conflicts
            && a.deleted == b.deleted && a.unmerged == b.unmerged
    }

    /// Adds what a second pass of the same sync applied (after a git pull brought more files).
    public mutating func append(_ more: SyncReport) {
        applied += more.applied
        skipped += more.skipped
        conflicts += more.conflicts
        deleted += more.deleted
        unmerged += more.unmerged
    }
}

public struct AppliedFile: Equatable, Sendable {
    public let device: String
    public let deviceName: String
    public let sequence: UInt64
    /// How many things it changed in this database.
    public let changed: Int
    /// How many things it carried: none for a file that only says what its machine has seen.
    public let carried: Int
}

public struct SkippedFile: Equatable, Sendable {
    /// The file's path in the folder.
    public let path: String
    public let problem: SyncFileProblem
}

/// Why a change file was skipped.
public enum SyncFileProblem: Error, Equatable, Sendable {
    /// It could not be read (its error as the system said it).
    case unreadable(String)
    /// It does not open: tampered with, truncated, or sealed under another group's key.
    case sealed(SealedFileProblem)
    /// It opened but is not a change set this `subs` reads.
    case notChanges
    /// Its stamps are more than a day ahead of this machine's clock.
    case clockAhead(ClockStamp)
}

/// A subscription another machine deleted, and whether this machine had changed it: a delete wins
/// over the edits it did not see, which `undo` brings back with it.
public struct DeletedElsewhere: Equatable, Sendable {
    public let name: String
    public let changedHere: Bool
}

/// A field two machines changed since they last met: which value was kept and which set aside.
public struct SyncConflict: Equatable, Sendable {
    /// The subscription's name, or the entity's key (a setting's name).
    public let subject: String
    public let entity: EntityID
    /// The field (`name`, `notes`, `price/2027-01-01`, `value` for a setting).
    public let field: String
    /// The values as canonical JSON text; nil: absent.
    public let kept: String?
    public let keptBy: String
    public let setAside: String?
    public let setAsideBy: String
}

/// This machine's place in its sync group, as `sync status` shows it.
public struct SyncStatus: Equatable, Sendable {
    public let device: String
    public let deviceName: String
    public let folder: String
    public let git: Bool
    public let lastSequence: UInt64
    public let syncedAt: Date?
    /// The other devices whose files were applied: what each said it had seen.
    public let peers: [Peer]
    /// Files in the folder not applied yet, per device id.
    public let waiting: [String: Int]
    /// This machine's own files in the folder.
    public let ownFiles: Int

    public struct Peer: Equatable, Sendable {
        public let device: String
        public let name: String
        public let lastSequence: UInt64
        public let appliedAt: Date
        /// The highest of this machine's files it had applied, as of its latest file.
        public let seenOfMine: UInt64
    }
}

/// What `sync compact` did.
public struct CompactReport: Equatable, Sendable {
    /// The snapshot written, or nil when no file could go.
    public let snapshot: UInt64?
    public let removed: Int
    /// Files kept because some device has not applied them yet.
    public let kept: Int
}

/// Why this machine's sync group refuses a step.
public enum SyncGroupError: CoreError, Equatable, Sendable {
    /// `sync init` or `join` where this database already syncs, with that folder.
    case alreadyInGroup(folder: String)
    /// `sync`, `status` or `compact` before `sync init` or `join`.
    case notInGroup

    public var failure: FailureKind { .refused }
}
