// SPDX-License-Identifier: Apache-2.0

import Evdev
import SystemCalls
import InputEvents

/// Which device problems the user has been told about, so each is reported once rather than at
/// every rescan, and permission problems of new nodes wait for udev.
///
/// The kernel creates a node readable by root alone; udev sets its group and mode a moment
/// later. A node that appeared while t9dial was running and is unreadable is therefore
/// reported only if it is still unreadable `settleDelay` later.
struct ProblemLog {
    struct Key: Hashable {
        var path: String
        var operation: EvdevError.Operation
        var errno: Errno
    }

    let settleDelay: Microseconds
    private var reported: Set<Key> = []
    /// Permission problems waiting for udev, and since when.
    private var waiting: [Key: Microseconds] = [:]

    init(settleDelay: Microseconds) {
        self.settleDelay = settleDelay
    }

    /// The error, when it is to be reported now; nil when it was reported already, is waiting
    /// for udev, or is a node going away while it was looked at (nothing to tell). `settled`
    /// is true when the node did not just appear (the first scan).
    mutating func note(_ error: EvdevError, now: Microseconds, settled: Bool) -> EvdevError? {
        if error.kind == .noSuchDevice || error.kind == .vanished { return nil }
        let key = Key(path: error.path, operation: error.operation, errno: error.errno)
        if reported.contains(key) { return nil }
        if error.kind == .permissionDenied && !settled {
            let since = waiting[key] ?? now
            waiting[key] = since
            if now - since < settleDelay { return nil }
        }
        waiting[key] = nil
        reported.insert(key)
        return error
    }

    /// When a waiting permission problem is due to be checked again, if any.
    var nextCheck: Microseconds? {
        waiting.values.min().map { $0 + settleDelay }
    }

    /// The device at `path` opened: its open problems are over.
    mutating func opened(_ path: String) {
        reported = reported.filter { $0.path != path || $0.operation != .open }
        waiting = waiting.filter { $0.key.path != path }
    }

    /// A device was let go: problems with grabbing it may be reported again if it comes back.
    mutating func closed(_ path: String) {
        reported = reported.filter { $0.path != path || $0.operation == .open }
    }

    /// Forgets the problems of nodes that are gone, so a device plugged in again with the same
    /// problem is reported again.
    mutating func keepOnly(_ paths: Set<String>) {
        reported = reported.filter { paths.contains($0.path) }
        waiting = waiting.filter { paths.contains($0.key.path) }
    }
}
