// SPDX-License-Identifier: Apache-2.0

import Foundation
import KeypadInput

/// The system `t9dial doctor` checks: its files below a root folder ("/" for this machine, a
/// temporary folder holding a fake system in tests), who is asking, and its groups.
///
/// Every path a check names is a path on the checked system ("/etc/udev/rules.d"); `path(_:)`
/// is where this process finds it, so the messages read the same whatever the root.
public struct CheckedSystem: Sendable {
    /// The folder the system's "/" is in.
    public var root: String
    /// The folder of event devices, on the checked system.
    public var inputDirectory: String
    /// The id of a group by name, nil when there is none.
    public var groupID: @Sendable (String) -> UInt32?
    /// Whether the doctor runs as root (then the keypad is readable whatever its group).
    public var runsAsRoot: Bool
    /// The environment that chooses the config file (T9DIAL_CONFIG, XDG_CONFIG_HOME, HOME).
    public var environment: [String: String]
    /// What systemd says of the service; nil when that cannot be known (no systemd, or a
    /// system in a folder rather than this machine).
    public var serviceState: @Sendable () -> ServiceState?
    /// Why a sync cannot run here (libcurl cannot be loaded); nil when it can, or when that
    /// cannot be known (a system in a folder rather than this machine). Nil on this machine,
    /// where the contact book says (`SyncedContacts.libraryProblem`).
    public var syncLibraryProblem: (@Sendable () -> String?)?

    /// This machine's groups, user and environment where they are nil.
    public init(
        root: String = "/", inputDirectory: String = "/dev/input",
        groupID: (@Sendable (String) -> UInt32?)? = nil, runsAsRoot: Bool? = nil, environment: [String: String]? = nil,
        serviceState: (@Sendable () -> ServiceState?)? = nil, syncLibraryProblem: (@Sendable () -> String?)? = nil
    ) {
        self.root = root
        self.inputDirectory = inputDirectory
        self.groupID = groupID ?? { Syscalls.groupID(named: $0) }
        self.runsAsRoot = runsAsRoot ?? Syscalls.effectiveUserIsRoot()
        self.environment = environment ?? ProcessInfo.processInfo.environment
        let onThisMachine = root == "/" || root.isEmpty
        self.serviceState = serviceState ?? { onThisMachine ? ServiceState.ofThisMachine(unit: Doctor.unitName) : nil }
        self.syncLibraryProblem = syncLibraryProblem ?? (onThisMachine ? nil : { @Sendable in nil })
    }

    /// Where this process finds `systemPath`.
    public func path(_ systemPath: String) -> String {
        let root = self.root.hasSuffix("/") ? String(self.root.dropLast()) : self.root
        return root.isEmpty ? systemPath : root + systemPath
    }

    /// The path on the checked system of a path this process found (a link resolved).
    func systemPath(of localPath: String) -> String {
        let root = self.root.hasSuffix("/") ? String(self.root.dropLast()) : self.root
        guard !root.isEmpty, localPath.hasPrefix(root + "/") else { return localPath }
        return String(localPath.dropFirst(root.count))
    }

    /// Whether anything is at the path (for a link: whether it leads somewhere).
    func exists(_ systemPath: String) -> Bool {
        DeviceLinks.exists(path(systemPath))
    }

    /// The names in a folder, sorted; none when it is missing.
    func names(in systemFolder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(systemFolder))) ?? []).sorted()
    }

    /// The first of `folders` that holds `name`, as a path on the checked system.
    func firstFile(_ name: String, in folders: [String]) -> String? {
        folders.map { $0 + "/" + name }.first(where: exists)
    }

    /// The text of a file, nil when it cannot be read.
    func text(of systemPath: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path(systemPath)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func isExecutable(_ systemPath: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path(systemPath))
    }

    /// What is at a path, links followed; nil when nothing is.
    func node(_ systemPath: String) -> Node? {
        guard let resolved = DeviceLinks.resolve(path(systemPath)),
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            let group = (attributes[.groupOwnerAccountID] as? NSNumber)?.uint32Value,
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue
        else { return nil }
        return Node(
            localPath: resolved, path: self.systemPath(of: resolved),
            isCharacterDevice: attributes[.type] as? FileAttributeType == .typeCharacterSpecial,
            groupID: group, groupName: attributes[.groupOwnerAccountName] as? String ?? String(group),
            permissions: permissions, isReadable: FileManager.default.isReadableFile(atPath: resolved),
            isDirectory: attributes[.type] as? FileAttributeType == .typeDirectory
        )
    }

    /// A file or device as `node(_:)` found it.
    struct Node {
        /// Where this process finds it.
        var localPath: String
        /// Its path on the checked system, links resolved.
        var path: String
        var isCharacterDevice: Bool
        var groupID: UInt32
        var groupName: String
        /// The permission bits (0o660).
        var permissions: Int
        /// Whether this process may read it.
        var isReadable: Bool
        var isDirectory: Bool = false

        /// "0660".
        var mode: String {
            let octal = String(permissions & 0o7777, radix: 8)
            return String(repeating: "0", count: max(0, 4 - octal.count)) + octal
        }

        /// Whether it belongs to the group called `name` on `system`.
        func belongs(toGroup name: String, on system: CheckedSystem) -> Bool {
            system.groupID(name) == groupID
        }
    }
}
