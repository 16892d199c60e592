import Synchronization

/// Where two connections reading one table meet: one reads it from its lowest rowid up, the other
/// from its highest down, and each takes a row only while it lies short of the other's last.
/// Decided under a lock, so every row is taken once: when one reader stops, the rows on its side
/// of the point have all been taken by the other, or the other gave up, and then whoever reads
/// on does so from its own last row.
final class MeetingPoint: Sendable {
    private let lastTaken = Mutex((up: Int64.min, down: Int64.max))

    /// Whether the reader going up takes the row `rowid`: false once the other has taken it.
    func takeGoingUp(_ rowid: Int64) -> Bool {
        lastTaken.withLock { last in
            guard rowid < last.down else { return false }
            last.up = rowid
            return true
        }
    }

    /// Whether the reader going down takes the row `rowid`: false once the other has taken it.
    func takeGoingDown(_ rowid: Int64) -> Bool {
        lastTaken.withLock { last in
            guard rowid > last.up else { return false }
            last.down = rowid
            return true
        }
    }

    /// The reader going up failed: the other takes no more rows, since none of them will be used.
    func abandon() {
        lastTaken.withLock { $0.up = .max }
    }
}
