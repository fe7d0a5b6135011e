public import Foundation

/// Where the dial history lives: `$STATE_DIRECTORY/t9dial.sqlite` when systemd gives the
/// service a state directory, else `$XDG_STATE_HOME/t9dial/t9dial.sqlite`, else
/// `~/.local/state/t9dial/t9dial.sqlite` (the XDG Base Directory default).
public enum HistoryLocation {
    /// The database's file name in its folder.
    public static let fileName = "t9dial.sqlite"

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

    /// The database's path by the order above, making its folder (mode 0700: the history says
    /// whom the user calls, so only the user reads it) when it does not exist.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DialHistoryError) -> String {
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
