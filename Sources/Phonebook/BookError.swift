// SPDX-License-Identifier: Apache-2.0

#if CardDAV
public import CardDAV
#endif
public import ContactBook
public import DialerConfig
public import DialHistory
public import SystemCalls
import T9Search

/// Why the contact book could not be set up, read or synced: what went wrong, where, and what
/// to do.
///
/// Each case keeps the typed error of the layer it came from, so the command line (and a test)
/// can tell a broken config from a contact file that does not load without reading messages.
public enum BookError: Error, Sendable, CustomStringConvertible {
    case config(ConfigError)
    case contacts(ContactBookError)
    /// `awaitingSync`: a CardDAV address book is configured but nothing is synced yet.
    case noContacts(configFile: String?, awaitingSync: Bool)
    case unknownRegion(String)
    /// The dial history's folder, where the synced address book lives too.
    case history(DialHistoryError)
    /// No thread could be started for `purpose` (the system is out of threads or descriptors).
    case threadNotStarted(Errno, for: String)
    #if CardDAV
    /// `t9dial sync` with no `[carddav]` table to sync.
    case noAddressBook(configFile: String?)
    /// Syncing the address book failed; the cache is as it was.
    case sync(CardDAVError)
    #endif

    public var description: String {
        switch self {
        case .config(let error): String(describing: error)
        case .contacts(let error): String(describing: error)
        case .noContacts(_, awaitingSync: true):
            "no contacts to search yet: the [carddav] address book has not been synced; run t9dial sync, or name a file with --contacts FILE"
        case .noContacts(let file, awaitingSync: false):
            "no contacts to search: name a .vcf or .csv file with --contacts FILE, or set contacts = [\"FILE\"] in "
                + (file ?? "the config file (~/.config/t9dial/t9dial.toml)")
        case .unknownRegion(let code):
            "unknown region \"\(code)\" for --region; use a two-letter ISO code such as "
                + DialingRegion.known.keys.sorted().prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + "..."
        case .history(let error): error.description
        case .threadNotStarted(let error, let purpose): "cannot \(purpose): no thread could be started (\(error))"
        #if CardDAV
        case .noAddressBook(let file):
            "no address book to sync: add a [carddav] table with url, user and password_file to "
                + (file ?? "the config file (~/.config/t9dial/t9dial.toml)")
        case .sync(let error): error.description
        #endif
        }
    }

    /// The problem in a few words, for the notice line of a small screen; the log has the rest.
    public var notice: String {
        switch self {
        case .noContacts(_, awaitingSync: true): "No contacts yet: waiting for the sync"
        case .noContacts(let file, awaitingSync: false): "No contacts: edit " + (file ?? DialerConfiguration.systemFile)
        case .config(let error): "Config error: " + (error.file ?? "see the log")
        case .contacts: "Contacts do not load: see the log"
        case .unknownRegion(let code): "Unknown region \(code): edit the config"
        default: "Cannot start: see the log"
        }
    }
}
