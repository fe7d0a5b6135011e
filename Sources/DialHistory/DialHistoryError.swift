// SPDX-License-Identifier: Apache-2.0

/// A problem with the dial history, said so that the user can fix it: what went wrong, the file
/// it concerns, and what to do.
///
/// Printed like `~/.local/state/t9dial/t9dial.sqlite: cannot open the dial history: disk I/O error; check that the disk is mounted and writable`.
public struct DialHistoryError: Error, CustomStringConvertible, Sendable, Hashable {
    /// Which step failed, for callers that react differently (a missing home is a setup problem,
    /// a disk error is not).
    public enum Kind: Sendable, Hashable {
        /// No variable says where the history goes (no STATE_DIRECTORY, XDG_STATE_HOME nor HOME).
        case noLocation
        /// The history folder could not be made.
        case folder
        /// The database could not be opened or created.
        case open
        /// The file is corrupt or foreign and could not be moved aside.
        case moveAside
        /// The database was written by a newer t9dial, whose changes this one does not know.
        case newerVersion
        /// A read or write of an open database failed.
        case query
    }

    public var kind: Kind
    /// The file or folder concerned, when there is one.
    public var path: String?
    /// What is wrong and how to fix it.
    public var message: String

    public init(kind: Kind, path: String?, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone when no file is concerned.
    public var description: String {
        if let path { "\(path): \(message)" } else { message }
    }
}
