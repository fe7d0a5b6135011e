// SPDX-License-Identifier: Apache-2.0

public import ContactBook
public import DialerConfig

/// How a run reads what a config names, for doctor and config check: its contact book
/// (DialerKit's `ContactSources` and `SyncedContacts`) and its font (`ScreenDisplay`). Those
/// readers sit in a module above this one, so the program hands them in, and the checks read
/// exactly as a run does.
public struct RunReaders: Sendable {
    /// The contact files and folders at some paths, read as a run reads them.
    public struct Read: Sendable {
        public var contactCount: Int
        /// The files read, in order.
        public var files: [String]
        /// Problems in single cards or rows; the rest of each file was kept.
        public var warnings: [ImportWarning]

        public init(contactCount: Int, files: [String], warnings: [ImportWarning]) {
            self.contactCount = contactCount
            self.files = files
            self.warnings = warnings
        }
    }

    /// Reads each path: a contact file, or a folder of them; a missing path, an unreadable file
    /// or a folder without contact files is an error, a bad card inside a file a warning.
    public var readContacts: @Sendable (_ paths: [String]) throws(ContactBookError) -> Read
    /// Whether this t9dial syncs address books (it is built with the CardDAV trait).
    public var syncIsBuiltIn: Bool
    /// The name of the systemd credential that gives the `[carddav]` password to the service.
    public var passwordCredential: String
    /// Why a sync cannot run on this machine though it is built to (libcurl cannot be loaded);
    /// nil when it can.
    public var syncLibraryProblem: @Sendable () -> String?
    /// Why the font a config names (t9dial's own from the data directory when none) does not
    /// load, at its line; nil when it loads. Its paths are mapped with `systemPath` first.
    public var fontProblem:
        @Sendable (_ configuration: DialerConfiguration, _ dataDirectory: String, _ systemPath: (String) -> String) -> ConfigCheck.SettingProblem?

    public init(
        readContacts: @escaping @Sendable (_ paths: [String]) throws(ContactBookError) -> Read, syncIsBuiltIn: Bool,
        passwordCredential: String, syncLibraryProblem: @escaping @Sendable () -> String?,
        fontProblem: @escaping @Sendable (DialerConfiguration, String, (String) -> String) -> ConfigCheck.SettingProblem?
    ) {
        self.readContacts = readContacts
        self.syncIsBuiltIn = syncIsBuiltIn
        self.passwordCredential = passwordCredential
        self.syncLibraryProblem = syncLibraryProblem
        self.fontProblem = fontProblem
    }
}
