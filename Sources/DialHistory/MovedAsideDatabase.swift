// SPDX-License-Identifier: Apache-2.0

/// A history file that was not a t9dial database (corrupt, not SQLite, or another program's
/// SQLite file), moved aside so that a new one could start. Nothing is deleted: the user can
/// inspect or restore it. The caller shows ``description`` as a warning.
public struct MovedAsideDatabase: CustomStringConvertible, Sendable, Hashable {
    /// Why the file was not usable.
    public enum Reason: Sendable, Hashable {
        /// Not an SQLite file, or an SQLite file whose pages fail `PRAGMA quick_check`.
        case corrupt(String)
        /// A sound SQLite file with tables but without t9dial's `application_id`.
        case foreign
    }

    /// Where the file was.
    public var original: String
    /// Where it is now (`t9dial.sqlite.corrupt-<timestamp>`); its `-wal` and `-shm` files, if
    /// any, moved with it under the same name plus `-wal` and `-shm`.
    public var movedTo: String
    public var reason: Reason

    public init(original: String, movedTo: String, reason: Reason) {
        self.original = original
        self.movedTo = movedTo
        self.reason = reason
    }

    public var description: String {
        let why =
            switch reason {
            case .corrupt(let detail): "is not a readable SQLite database (\(detail))"
            case .foreign: "is an SQLite database of another program (no t9dial marker)"
            }
        return "\(original): the dial history \(why); it was moved to \(movedTo) and a new history was started. "
            + "Dials and learned picks start afresh; delete the moved file once it is not needed."
    }
}
