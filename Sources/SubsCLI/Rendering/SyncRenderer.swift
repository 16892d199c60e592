import Foundation
import SubscriptionCore

/// What `sync` says (PRODUCT.md §15): the file it wrote, the files it applied, each conflict
/// with the value kept and the one set aside, what another machine deleted; a file skipped is
/// named on standard error. `sync status` as a table or JSON.
enum SyncRenderer {
    static func report(_ report: SyncReport) {
        if let written = report.written {
            print(localized("Wrote this machine's changes as file \(written.sequence) (\(written.entities) changed)."))
        }
        for file in report.applied where file.changed > 0 {
            print(localized("Applied file \(file.sequence) of \(file.deviceName.terminalSafe) (\(file.changed) changed here)."))
        }
        // Files that only say what their machine has seen are not worth a line.
        let quiet = report.applied.filter { $0.changed == 0 && $0.carried > 0 }.count
        if quiet > 0 { print(localized("Applied files that changed nothing here: \(quiet).")) }
        for conflict in report.conflicts {
            let change = SyncText.conflict(field: conflict.field, kept: conflict.kept, keptBy: conflict.keptBy,
                                           setAside: conflict.setAside, setAsideBy: conflict.setAsideBy, in: .current)
            print(localized("Changed on two machines: \(conflict.subject.terminalSafe), \(change); 'subs undo' takes the other."))
        }
        for gone in report.deleted {
            let name = gone.name.terminalSafe
            print(gone.changedHere ? localized("Deleted on another machine: \(name) (its changes here are set aside; 'subs undo' brings it back).")
                : localized("Deleted on another machine: \(name) ('subs undo' brings it back)."))
        }
        for entity in report.unmerged {
            printError(localized("warning: \(entity.kind.rawValue) \(entity.key.terminalSafe) from another machine does not make a valid record here; kept as it was"))
        }
        for file in report.skipped {
            printError(localized("warning: skipped \(file.path.terminalSafe): \(problem(file.problem))"))
        }
        if report.written == nil && !report.applied.contains(where: { $0.carried > 0 }) && report.skipped.isEmpty {
            print(localized("Up to date."))
        }
    }

    static func problem(_ problem: SyncFileProblem) -> String {
        switch problem {
        case .unreadable(let reason):
            localized("it cannot be read (\(reason.terminalSafe))")
        case .sealed(.tooLarge(let bytes)):
            localized("it is larger than a change file can be (\(bytes) bytes)")
        case .sealed(.notAChangeFile):
            localized("it is not a subs change file")
        case .sealed(.unknownVersion(let version)):
            localized("it was written by a newer subs (format \(Int(version)))")
        case .sealed(.truncated):
            localized("it is truncated")
        case .sealed(.doesNotOpen):
            localized("it does not open: tampered with, moved, or sealed under another sync passphrase")
        case .notChanges:
            localized("it opens but holds no changes this subs reads")
        case .clockAhead(let stamp):
            localized("its changes are dated more than a day ahead of this machine's clock (\(Timestamp.format(Date(timeIntervalSince1970: Double(stamp.milliseconds) / 1000)))); check the clocks")
        }
    }

    static func status(_ status: SyncStatus, format: ObjectFormat, terminal: Terminal = .standardOutput) -> String {
        switch format {
        case .json:
            return JSONValue.object([
                "device": .string(status.device), "name": .string(status.deviceName), "folder": .string(status.folder),
                "git": .bool(status.git), "last_file": .int(Int(clamping: status.lastSequence)),
                "files_in_folder": .int(status.ownFiles),
                "synced_at": .string(status.syncedAt.map(Timestamp.format)),
                "devices": .array(status.peers.map { peer in
                    .object(["device": .string(peer.device), "name": .string(peer.name),
                             "last_file": .int(Int(clamping: peer.lastSequence)), "applied_at": .string(Timestamp.format(peer.appliedAt)),
                             "seen_of_mine": .int(Int(clamping: peer.seenOfMine)), "waiting": .int(status.waiting[peer.device] ?? 0)])
                }),
                "waiting": .int(status.waiting.values.reduce(0, +)),
            ]).rendered
        case .table:
            var lines = [localized("This machine: \(status.deviceName.terminalSafe) (\(status.device)), folder \(status.folder.terminalSafe)\(status.git ? " (git)" : "")")]
            let synced = status.syncedAt.map { HistoryRenderer.localTime($0) } ?? localized("never")
            lines.append(localized("Last sync: \(synced); its files in the folder: \(status.ownFiles), the latest number \(status.lastSequence)."))
            var table = Table([.init(header: localized("DEVICE")), .init(header: localized("NAME")),
                               .init(header: localized("LAST FILE"), alignment: .right),
                               .init(header: localized("SEEN OF MINE"), alignment: .right),
                               .init(header: localized("WAITING"), alignment: .right), .init(header: localized("APPLIED"))])
            let known = Set(status.peers.map(\.device))
            for peer in status.peers {
                table.append([Table.Cell(peer.device), Table.Cell(peer.name), Table.Cell(String(peer.lastSequence)),
                              Table.Cell(String(peer.seenOfMine)), Table.Cell(String(status.waiting[peer.device] ?? 0)),
                              Table.Cell(HistoryRenderer.localTime(peer.appliedAt))])
            }
            for (device, count) in status.waiting.sorted(by: { $0.key < $1.key }) where !known.contains(device) {
                table.append([Table.Cell(device), Table.Cell("?"), Table.Cell("-"), Table.Cell("-"), Table.Cell(String(count)),
                              Table.Cell(localized("never"))])
            }
            if status.peers.isEmpty && status.waiting.isEmpty {
                lines.append(localized("No other machine has synced yet."))
                return lines.joined(separator: "\n") + "\n"
            }
            return lines.joined(separator: "\n") + "\n" + table.render(on: terminal)
        }
    }

    static func compact(_ report: CompactReport) {
        guard let snapshot = report.snapshot else {
            print(localized("Nothing to compact: \(report.kept) files of this machine, not all seen by every machine."))
            return
        }
        print(localized("Wrote snapshot file \(snapshot) and removed \(report.removed) files every machine had seen; \(report.kept) kept."))
    }
}
