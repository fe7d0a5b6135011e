// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Glibc
import Inotify
import SystemCalls
public import struct SystemPackage.FileDescriptor

/// Tells when the contact sources may have changed, so the book is reloaded then: inotify on
/// the files and folders named with `--contacts` or in the config, and on the CardDAV cache.
///
/// It notices a file written in place (IN_CLOSE_WRITE), replaced by a rename (as editors and
/// `CardDAVCache` save: a temporary file renamed over it), deleted, created, or its permissions
/// changed; a folder's contact files (`ContactImporter.isContactFileName`) added, changed or
/// removed; and a file or folder that does not exist yet appearing, by watching the nearest
/// folder on its path that exists. Hidden and temporary files (`.card.vcf.swp`,
/// `.dat.nosync1a2b`, `card.vcf~`) are not changes; nor is reading the sources.
///
/// A source file is watched through its folder, which sees it replaced, and itself (following
/// links), which sees a file elsewhere that a link names written in place. A source folder is
/// watched itself; when it is deleted or moved away, the watcher falls back to its parent until
/// it is back. Every change re-arms the watches, so they always follow the paths, not the files
/// that were there before. A lost notification (IN_Q_OVERFLOW) counts as a change.
///
/// Only what can be edited is watched: regular files and folders, and the folders a missing
/// source may appear in. A source that is a device, a FIFO or a socket (`--config /dev/null`,
/// an empty config, as docs/limits.md says) is read once and never watched, nor is its folder for it: every
/// process that writes to /dev/null would otherwise close it after writing, which inotify
/// reports as a change, and the book would be reloaded again and again.
///
/// Its descriptor is non-blocking, for the event loop's poll; `drain()` reads what is waiting.
public struct ContactSourceWatcher: ~Copyable {
    /// The sources watched, as absolute paths.
    public let sources: [String]
    private let inotify: InotifyInstance
    /// What each watch descriptor is watched for; one folder may be watched for several reasons.
    private var watches: [Int32: Set<Interest>]
    /// The sources that are there (watched themselves), not waited for.
    private var present: Set<String>
    /// The problems of the last re-arm, so each is reported once.
    private var problems: Set<ContactWatchError>

    /// Why a file or folder is watched.
    enum Interest: Hashable {
        /// It is a source folder: its contact files matter, and itself going.
        case folder
        /// One name in this folder is a source (a file, or a folder not there yet).
        case entry(String)
        /// One name in this folder is the next folder on the way to a source not there yet:
        /// when it comes or goes, the watches move, and the source may have come with it.
        case way(String)
        /// It is a source file (or the file a source link names): its content and its going.
        case file
    }

    /// What a watched folder reports: names in it created, written, moved in or out, deleted,
    /// their permissions changed, and itself deleted or moved.
    static let folderMask = UInt32(
        IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF
            | IN_ONLYDIR
    )
    /// What a watched file reports: written, its permissions or links changed, deleted, moved.
    static let fileMask = UInt32(IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Starts watching `sources` (files and folders; missing ones are waited for). Relative
    /// paths are taken from the working directory. Throws when inotify cannot be used (the
    /// limits on watches and instances, descriptors) or a path cannot be watched (a folder
    /// this user may not read); t9dial can go on without watching.
    public init(sources: [String]) throws(ContactWatchError) {
        let directory = Syscalls.currentDirectory() ?? "/"
        let sources = sources.map { SourcePath.absolute($0, from: directory) }
        let inotify: InotifyInstance
        do {
            inotify = try InotifyInstance()
        } catch {
            throw ContactWatchError(operation: "starting to watch the contacts for changes (inotify_init1)", errno: error)
        }
        let armed = Self.arm(inotify, sources)
        if let problem = armed.problems.first { throw problem }
        self.sources = sources
        self.inotify = inotify
        self.watches = armed.watches
        self.present = armed.present
        self.problems = []
    }

    /// How many inotify watches are held, one per file or folder watched, for tests.
    var watchCount: Int { watches.count }

    /// The inotify descriptor, to poll for POLLIN; owned by the watcher.
    public var descriptor: FileDescriptor { inotify.descriptor }

    /// What `drain()` found.
    public struct Report: Sendable, Equatable {
        /// Whether a source may have changed: the book should be reloaded (see `ReloadSchedule`).
        public var changed: Bool
        /// Sources that could not be watched again after the change, each reported once, and
        /// a failed read of the descriptor. The watcher goes on with the rest and tries them
        /// again after the next change.
        public var problems: [ContactWatchError]
    }

    /// Reads every notification waiting, without blocking, and re-arms the watches when one
    /// concerned a source or the way to one.
    public mutating func drain() -> Report {
        var changed = false
        var moved = false
        var problems: [ContactWatchError] = []
        let (notifications, failure) = inotify.readPending()
        for notification in notifications {
            switch meaning(of: notification) {
            case .nothing: break
            case .wayChanged: moved = true
            case .sourceChanged: changed = true
            }
        }
        if let failure {
            problems.append(ContactWatchError(operation: "reading the changes to the contacts (read)", errno: failure))
            changed = true  // something may have been missed
        }
        if changed || moved {
            // A source that came or went with the way to it (mkdir -p) is a change too.
            let (appeared, found) = rearm()
            changed = changed || appeared
            problems += found
        }
        return Report(changed: changed, problems: problems)
    }

    /// What a notification means for the sources.
    enum Meaning: Equatable {
        case nothing
        /// A folder on the way to a missing source came or went: the watches move.
        case wayChanged
        /// A source may have changed (and the watches move).
        case sourceChanged
    }

    func meaning(of notification: InotifyNotification) -> Meaning {
        let mask = notification.mask
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return .sourceChanged }  // notifications were lost
        guard let interests = watches[notification.watch] else { return .nothing }  // a watch let go
        // The watched file or folder went away (the kernel dropped the watch, or it was moved).
        // A source's own is a change; a folder above one moves the watches, and whether that
        // took a source with it is seen when they are armed again.
        if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            return interests.contains(.folder) || interests.contains(.file) ? .sourceChanged : .wayChanged
        }
        let name = notification.name
        var meaning = Meaning.nothing
        for interest in interests {
            switch interest {
            case .folder where name.isEmpty || (mask & UInt32(IN_ISDIR) == 0 && ContactImporter.isContactFileName(name)):
                return .sourceChanged
            case .entry(name):
                return .sourceChanged
            case .file where name.isEmpty:
                return .sourceChanged
            case .way(name):
                meaning = .wayChanged
            case .folder, .entry, .file, .way:
                break
            }
        }
        return meaning
    }

    /// Watches the paths as they are now and lets go of the watches no longer needed. Returns
    /// whether a source came or went, and the problems not reported before.
    private mutating func rearm() -> (appeared: Bool, problems: [ContactWatchError]) {
        let armed = Self.arm(inotify, sources)
        for watch in watches.keys where armed.watches[watch] == nil {
            inotify.removeWatch(watch)
        }
        watches = armed.watches
        let appeared = armed.present != present
        present = armed.present
        let new = armed.problems.filter { !problems.contains($0) }
        problems = Set(armed.problems)
        return (appeared, new)
    }

    /// The watches for `sources` as the paths are now: each folder source itself; each file
    /// source itself and its folder; for a path missing, the nearest folder above it that
    /// exists. inotify_add_watch is the test of what is there, so nothing changes between
    /// looking and watching.
    private static func arm(_ inotify: borrowing InotifyInstance, _ sources: [String])
        -> (watches: [Int32: Set<Interest>], present: Set<String>, problems: [ContactWatchError])
    {
        var watches: [Int32: Set<Interest>] = [:]
        var present: Set<String> = []
        var problems: [ContactWatchError] = []
        func problem(_ path: String, _ error: Errno) {
            problems.append(ContactWatchError(operation: "watching \(path) (inotify_add_watch)", errno: error))
        }
        /// Watches the nearest existing folder above `path` for the next name on the way to it.
        func waitFor(_ path: String) {
            var child = path
            while child != "/" {
                let parent = SourcePath.parent(child)
                switch inotify.addWatch(parent, mask: folderMask) {
                case .success(let watch):
                    let name = SourcePath.name(child)
                    watches[watch, default: []].insert(child == path ? .entry(name) : .way(name))
                    return
                case .failure(let error) where error.rawValue == ENOENT || error.rawValue == ENOTDIR:
                    child = parent
                case .failure(let error):
                    return problem(parent, error)
                }
            }
        }
        for source in sources {
            switch inotify.addWatch(source, mask: folderMask) {
            case .success(let watch):
                watches[watch, default: []].insert(.folder)
                present.insert(source)
            case .failure(let error) where error.rawValue == ENOTDIR:
                // A device or a FIFO: nothing edits it, its "writes" are other programs' output.
                if Syscalls.isSpecialFile(source) { continue }
                // A file (or a path through one: the watch below fails, and its folder tells).
                switch inotify.addWatch(source, mask: fileMask) {
                case .success(let watch):
                    watches[watch, default: []].insert(.file)
                    present.insert(source)
                case .failure(let error) where error.rawValue == ENOENT || error.rawValue == ENOTDIR: break
                case .failure(let error): problem(source, error)
                }
                waitFor(source)
            case .failure(let error) where error.rawValue == ENOENT:
                waitFor(source)
            case .failure(let error):
                problem(source, error)
            }
        }
        return (watches, present, problems)
    }
}
