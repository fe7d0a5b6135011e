// SPDX-License-Identifier: Apache-2.0

public import DialHistory

/// The dial history as `t9dial history` and `t9dial forget` open it, apart from a book.
extension Book {
    /// The dial history of this process, opened or made where `HistoryLocation` says: this
    /// user's own, or the service's for root with none of its own.
    public static func openDialHistory() throws(DialHistoryError) -> DialHistory {
        try DialHistory()
    }

    /// The synced address book's folder that names the calls of `history`: the service's cache
    /// for the service's history (which root reads), nil for this user's own
    /// (`SyncedContacts.folder`).
    public static func syncedFolder(naming history: DialHistory) -> String? {
        history.path.hasPrefix(HistoryLocation.serviceDirectory + "/") ? SyncedContacts.serviceFolder : nil
    }
}
