// SPDX-License-Identifier: Apache-2.0

#if CardDAV
public import CardDAV
#endif
public import ContactBook
public import DialerConfig
public import DialerEngine
public import DialHistory
public import Dialing
public import KeypadInput
public import ProcessLoop
public import SystemCalls
import T9Search

/// Why t9dial could not start, or stopped: what went wrong, where, and what to do.
///
/// Each case keeps the typed error of the layer it came from, so the command line (and a test)
/// can tell a broken config from an unreadable keypad without reading messages.
public enum DialerError: Error, Sendable, CustomStringConvertible {
    case config(ConfigError)
    case contacts(ContactBookError)
    /// `awaitingSync`: a CardDAV address book is configured but nothing is synced yet.
    case noContacts(configFile: String?, awaitingSync: Bool)
    case unknownRegion(String)
    /// The keypads or the hotplug watch failed as a whole.
    case input(KeypadInputError)
    /// The loop that waits for everything, or the signals it reads, failed.
    case loop(LoopError)
    /// The `[dial]` method cannot be used as configured.
    case dialMethod(DialSetupError)
    /// The dialer's settings do not fit together (`DialerSession`).
    case settings(DialerSessionError)
    /// The recording given to `--replay`.
    case replay(ReplayError)
    /// A framebuffer, a PNG file, a font or a pixel format of the screen.
    case screen(ScreenSetupError)
    /// The dial history's folder, where the synced address book lives too.
    case history(DialHistoryError)
    /// No thread could be started for `purpose` (the system is out of threads or descriptors).
    case noThread(Errno, for: String)
    /// Standard output could not be written: the screens of a replay or of `t9dial try` are
    /// lost from then on, which ends them (the service goes on: `DialerService`).
    case output(WriteFailure)
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
        case .input(let error): error.description
        case .loop(let error): error.description
        case .dialMethod(let error): error.description
        case .settings(let error): String(describing: error)
        case .replay(let error): error.description
        case .screen(let error): error.description
        case .history(let error): error.description
        case .noThread(let error, let purpose): "cannot \(purpose): no thread could be started (\(error))"
        case .output(let failure): failure.description
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

/// Why a recording cannot be replayed.
public enum ReplayError: Error, Sendable, CustomStringConvertible {
    /// Not a regular file, too large, or unreadable.
    case unreadable(FileReadError)
    case notText(path: String)
    case malformed(EvemuRecordingError)
    /// The recorded device has no keymap's ten digits.
    case noKeymap(path: String, keymaps: [String])

    static let hint = "--replay takes a recording made with evemu-record (see t9dial's docs/board.md)"

    public var description: String {
        switch self {
        case .unreadable(let error): "\(error.description); \(Self.hint)"
        case .notText(let path): "\(path): is not UTF-8 text; \(Self.hint)"
        case .malformed(let error): String(describing: error)
        case .noKeymap(let path, let keymaps):
            "\(path): the recorded device has no keymap whose ten digits it has (keymaps: "
                + keymaps.joined(separator: ", ") + "); set keymap in [keypad] of the config to the one it uses"
        }
    }
}
