// SPDX-License-Identifier: Apache-2.0

/// One line of `t9dial doctor` about the dial method: what was checked, what was found, and
/// what to do. Diagnostics, which runs doctor and prints it, makes each a line of its report.
public struct DialCheck: Sendable, Hashable {
    public enum Status: Sendable, Hashable {
        case ok
        /// Works, but not as well as it should, or only for some uses.
        case warning
        /// The service will not work until this is fixed.
        case problem
    }

    public var status: Status
    /// What was checked: "dial", "sound".
    public var subject: String
    /// What was found.
    public var finding: String
    /// What to do, as a command where there is one; nil when all is well.
    public var fix: String?

    public init(_ status: Status, _ subject: String, _ finding: String, fix: String? = nil) {
        self.status = status
        self.subject = subject
        self.finding = finding
        self.fix = fix
    }
}

/// The checked system as the methods' doctor checks see it: Diagnostics hands in its own,
/// whose "/" may be another folder (a board's image), with what it knows of the service.
public protocol DialDoctorSystem {
    /// Whether `path` exists there.
    func exists(_ path: String) -> Bool
    /// Whether the checked system is this machine, whose ModemManager can be asked.
    var isThisMachine: Bool { get }
    /// Whether doctor runs as root, and so sees every file.
    var runsAsRoot: Bool { get }
    /// The environment doctor runs in (`HOME`).
    var environment: [String: String] { get }
    /// The text of the file at `path`, nil when it cannot be read.
    func text(of path: String) -> String?
    /// The names in the folder `path`, none when it cannot be read.
    func names(in path: String) -> [String]
    /// The first of `folders` that holds a file `name`, as its path.
    func firstFile(_ name: String, in folders: [String]) -> String?
    /// The device or file at `path`, its links resolved; nil when there is none.
    func device(_ path: String) -> DialDevice?
    /// The t9dial service's state (`active`, and the STATUS line it sent systemd); nil when
    /// it is not known.
    func serviceState() -> (active: String, status: String)?
    /// The service's unit, `t9dial.service`.
    var unitName: String { get }
    /// The folder of the unit's drop-ins (`systemctl edit`).
    var dropInFolder: String { get }
    /// Where the example baresip config is installed with t9dial, for a fix to name.
    var baresipExample: String { get }
}

/// A device as doctor finds it: its path with links resolved, and its group.
public struct DialDevice: Sendable, Hashable {
    /// Its path on the checked system, links resolved.
    public var path: String
    public var groupName: String

    public init(path: String, groupName: String) {
        self.path = path
        self.groupName = groupName
    }
}

/// What a systemd unit file's text grants, as the doctor checks read it.
public enum SystemdUnitText {
    /// Whether a unit file's text has a SupplementaryGroups= line naming `group`.
    public static func addsGroup(_ group: String, _ unitText: String) -> Bool {
        unitText.split(separator: "\n").contains { line in
            line.hasPrefix("SupplementaryGroups=") && line.dropFirst("SupplementaryGroups=".count).split(separator: " ").contains { $0 == group }
        }
    }
}
