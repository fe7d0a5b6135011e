// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import DialerEngine
public import Telephony
public import KeypadInput
public import Phonebook
public import ProcessLoop
public import ScreenOutput
public import SystemCalls

/// Why t9dial could not start, or stopped: what went wrong, where, and what to do.
///
/// Each case keeps the typed error of the layer it came from, so the command line (and a test)
/// can tell a broken config from an unreadable keypad without reading messages.
public enum DialerError: Error, Sendable, CustomStringConvertible {
    case config(ConfigError)
    /// The contact book could not be set up, read or synced.
    case book(BookError)
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
    /// No thread could be started for `purpose` (the system is out of threads or descriptors).
    case threadNotStarted(Errno, for: String)
    /// Standard output could not be written: the screens of a replay or of `t9dial try` are
    /// lost from then on, which ends them (the service goes on: `DialerService`).
    case output(WriteFailure)

    public var description: String {
        switch self {
        case .config(let error): String(describing: error)
        case .book(let error): error.description
        case .input(let error): error.description
        case .loop(let error): error.description
        case .dialMethod(let error): error.description
        case .settings(let error): String(describing: error)
        case .replay(let error): error.description
        case .screen(let error): error.description
        case .threadNotStarted(let error, let purpose): "cannot \(purpose): no thread could be started (\(error))"
        case .output(let failure): failure.description
        }
    }

    /// The problem in a few words, for the notice line of a small screen; the log has the rest.
    public var notice: String {
        switch self {
        case .config(let error): "Config error: " + (error.file ?? "see the log")
        case .book(let error): error.notice
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
