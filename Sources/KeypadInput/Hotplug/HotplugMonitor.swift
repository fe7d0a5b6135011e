// SPDX-License-Identifier: Apache-2.0

import Evdev
import Glibc
import Inotify
public import struct SystemPackage.FileDescriptor

/// Tells when input devices may have come or gone: inotify on the input directory, so the
/// reader rescans then instead of polling the directory on a timer.
///
/// It watches the directory for event nodes created and deleted, and for their attributes
/// changing (udev sets a node's group and mode just after the kernel creates it, so a node
/// that was unreadable may become readable), and udev's link folders (by-id, by-path) and
/// t9dial's own udev link, which udev creates by renaming a temporary link. While the input
/// directory does not exist (a board with no input device yet), it watches the parent for its
/// creation. Its descriptor is non-blocking, for the event loop's poll.
public struct HotplugMonitor: ~Copyable {
    /// The input directory watched.
    public let directory: String
    let inotify: InotifyInstance
    /// What each watch descriptor watches.
    var watches: [Int32: Watched] = [:]

    enum Watched: Equatable {
        case directory
        case linkFolder
        /// The input directory's parent, while the directory is missing.
        case parent
    }

    /// Changes to the input directory and its link folders that may mean a device came or went.
    static let directoryMask = UInt32(
        IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
    )
    /// The input directory being created in its parent.
    static let parentMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)

    /// Starts watching `directory` (and its link folders, or its parent while it is missing).
    public init(directory: String) throws(KeypadInputError) {
        do {
            inotify = try InotifyInstance()
        } catch {
            throw KeypadInputError(operation: "watching \(directory) for keypads being plugged in (inotify_init1)", errno: error)
        }
        self.directory = directory
        refreshWatches()
    }

    /// The descriptor to wait on in poll; owned by the monitor.
    public var fileDescriptor: FileDescriptor { inotify.descriptor }

    /// Adds the watches that can be added now: the directory once it exists (dropping the
    /// parent's watch), its link folders once udev made them. Call it before each rescan.
    public mutating func refreshWatches() {
        if case .success(let watch) = inotify.addWatch(directory, mask: Self.directoryMask) {
            watches[watch] = .directory
            for (parentWatch, watched) in watches where watched == .parent {
                inotify.removeWatch(parentWatch)
                watches[parentWatch] = nil
            }
            for folder in DeviceLinks.linkFolders {
                let path = DeviceLinks.join(directory, folder)
                if case .success(let watch) = inotify.addWatch(path, mask: Self.directoryMask) {
                    watches[watch] = .linkFolder
                }
            }
        } else if case .success(let watch) = inotify.addWatch(parentDirectory, mask: Self.parentMask) {
            watches[watch] = .parent
        }
    }

    /// Reads every notification waiting, without blocking. True when one may concern input
    /// devices, so the caller should rescan (and call `refreshWatches()`).
    public mutating func drain() throws(KeypadInputError) -> Bool {
        let (notifications, failure) = inotify.readPending()
        var changed = false
        for notification in notifications where concerns(notification) {
            changed = true
        }
        if let failure {
            throw KeypadInputError(operation: "reading notifications of changes in \(directory) (inotify)", errno: failure)
        }
        return changed
    }

    /// Whether a notification may mean a device came, went or changed; forgets watches that
    /// the kernel dropped (their folder was deleted).
    mutating func concerns(_ notification: InotifyNotification) -> Bool {
        if notification.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        guard let watched = watches[notification.watch] else { return false }
        if notification.mask & UInt32(IN_IGNORED) != 0 {
            watches[notification.watch] = nil
            return true
        }
        let name = notification.name
        switch watched {
        case .directory:
            return notification.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0
                || name.hasPrefix("event") || name == DeviceDiscovery.udevLinkName || DeviceLinks.linkFolders.contains(name)
        case .linkFolder:
            return notification.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 || !name.hasPrefix(".#")
        case .parent:
            return name == directoryName
        }
    }

    /// The input directory's own name ("input").
    private var directoryName: String {
        String(directory.split(separator: "/").last ?? "")
    }

    /// The folder that holds the input directory ("/dev").
    private var parentDirectory: String {
        var components = directory.split(separator: "/", omittingEmptySubsequences: true)
        components.removeLast()
        let parent = components.joined(separator: "/")
        if directory.hasPrefix("/") { return "/" + parent }
        return parent.isEmpty ? "." : parent
    }
}
