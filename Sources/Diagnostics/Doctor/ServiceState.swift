// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What systemd says of the t9dial service, for `t9dial doctor`.
public struct ServiceState: Sendable, Hashable {
    /// `ActiveState`: active, inactive, failed, activating...
    public var active: String
    /// The service's own STATUS line ("20 contacts, reading /dev/input/event3"), or "".
    public var status: String
    /// The last line it logged at error priority, if any.
    public var lastError: String?

    public init(active: String, status: String = "", lastError: String? = nil) {
        self.active = active
        self.status = status
        self.lastError = lastError
    }

    /// The service's state on this machine, from systemctl and journalctl; nil when systemd
    /// does not run here (a container, a chroot, the VM tests).
    public static func ofThisMachine(unit: String) -> ServiceState? {
        guard FileManager.default.fileExists(atPath: "/run/systemd/system") else { return nil }
        guard let active = output(["systemctl", "show", "-P", "ActiveState", unit]) else { return nil }
        let status = output(["systemctl", "show", "-P", "StatusText", unit]) ?? ""
        let lastError = output(["journalctl", "-u", unit, "-p", "err", "-n", "1", "-o", "cat", "--no-pager", "-q"])
        return ServiceState(active: active, status: status, lastError: lastError?.isEmpty == false ? lastError : nil)
    }

    /// What a program prints, trimmed; nil when it cannot be run or fails.
    private static func output(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
