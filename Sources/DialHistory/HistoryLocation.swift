// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// Where the dial history lives: `$STATE_DIRECTORY/t9dial.sqlite` when systemd gives the
/// service a state directory, else `$XDG_STATE_HOME/t9dial/t9dial.sqlite`, else
/// `~/.local/state/t9dial/t9dial.sqlite` (the XDG Base Directory default).
///
/// An administrator (root) with no history of their own reads the service's, in
/// `/var/lib/t9dial`, so `sudo t9dial history` on a board shows the service's dials.
public enum HistoryLocation {
    /// The database's file name in its folder.
    public static let fileName = "t9dial.sqlite"
    /// The t9dial service's state directory (`StateDirectory=t9dial`).
    public static let serviceDirectory = "/var/lib/t9dial"

    /// The folder the history goes in, by the order above, without touching the disk.
    ///
    /// systemd may list several state directories separated by colons; the first is t9dial's.
    /// The XDG specification says a relative `XDG_STATE_HOME` is invalid and must be ignored.
    public static func directory(environment: [String: String]) throws(DialHistoryError) -> String {
        if let state = environment["STATE_DIRECTORY"], let first = state.split(separator: ":").first, !first.isEmpty {
            return String(first)
        }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("t9dial")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return (home as NSString).appendingPathComponent(".local/state/t9dial")
        }
        throw DialHistoryError(
            kind: .noLocation, path: nil,
            message: "no place for the dial history: none of STATE_DIRECTORY, XDG_STATE_HOME (absolute) or HOME (absolute) is set; set one of them"
        )
    }

    /// The service's history, when it is the one to read: the process is root, systemd gave it
    /// no state directory, root has no history of its own, and the service has one.
    static func serviceHistory(environment: [String: String], isRoot: Bool, exists: (String) -> Bool) -> String? {
        guard isRoot, environment["STATE_DIRECTORY"] == nil else { return nil }
        let service = (serviceDirectory as NSString).appendingPathComponent(fileName)
        guard exists(service) else { return nil }
        if let own = try? directory(environment: environment), exists((own as NSString).appendingPathComponent(fileName)) { return nil }
        return service
    }

    /// The database's path by the order above, making its folder (mode 0700: the history says
    /// whom the user calls, so only the user reads it) when it does not exist.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DialHistoryError) -> String {
        if let service = serviceHistory(environment: environment, isRoot: geteuid() == 0, exists: FileManager.default.fileExists) {
            return service
        }
        let folder = try directory(environment: environment)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw DialHistoryError(
                kind: .folder, path: folder,
                message: "cannot make the dial history folder: \(error.localizedDescription); check the permissions of its parent folder"
            )
        }
        return (folder as NSString).appendingPathComponent(fileName)
    }
}
