// SPDX-License-Identifier: Apache-2.0

import Glibc
import Inotify
import struct SystemPackage.FileDescriptor

/// Notices the dial history being written by another process (`t9dial history` marking the
/// missed calls seen), so the idle screen's "2 missed" goes when they are read elsewhere, not
/// only at the next key. Watches the history's folder for writes to its files (the database
/// and its write-ahead log), and only while missed calls are shown: otherwise there is nothing
/// to notice, and nothing is watched.
final class MissedCallsWatch {
    private let inotify: InotifyInstance
    private let folder: String
    /// The database's file names: the file, and its WAL and journal beside it.
    private let names: Set<String>
    private var watch: Int32?

    /// A watch of the history at `path`; nil when no inotify instance can be had (the notice
    /// then waits for a key, as it would without).
    init?(historyPath path: String) {
        guard let inotify = try? InotifyInstance() else { return nil }
        self.inotify = inotify
        let slash = path.lastIndex(of: "/")
        folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        names = [name, name + "-wal", name + "-journal"]
    }

    /// The descriptor to poll while armed; nil while not.
    var descriptor: FileDescriptor? { watch == nil ? nil : inotify.descriptor }

    /// Starts watching (missed calls are shown).
    func arm() {
        guard watch == nil, case .success(let added) = inotify.addWatch(folder, mask: UInt32(IN_MODIFY | IN_CLOSE_WRITE)) else { return }
        watch = added
    }

    /// Stops watching (nothing missed is shown any more), and forgets what came meanwhile.
    func disarm() {
        guard let watch else { return }
        inotify.removeWatch(watch)
        self.watch = nil
        _ = inotify.readPending()
    }

    /// Whether the history's files were written since the last call; reads what is pending.
    func historyWritten() -> Bool {
        inotify.readPending().notifications.contains { names.contains($0.name) }
    }
}
