// SPDX-License-Identifier: Apache-2.0

/// A dial method that cannot be set up from its settings: reported when the config is read,
/// before any key is pressed.
public enum DialSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `command = []` or a program named "".
    case emptyCommand
    /// A time-out of zero or less.
    case badTimeout(Duration)
    /// A `baud` the serial driver has no setting for.
    case unsupportedBaud(Int)
    /// `[dial] control` is not a loopback address baresip's ctrl_tcp can be reached on.
    case badControlAddress(String)
    /// The method's library cannot be used here (libsystemd for ModemManager), and why.
    case lineUnavailable(String)

    public var description: String {
        switch self {
        case .emptyCommand:
            "[dial] command is empty: give the program and its arguments, e.g. [\"mmcli\", \"-m\", \"any\", \"--voice-create-call\", \"number={number}\"]"
        case .badTimeout(let timeout): "[dial] timeout_s must be more than 0 (it is \(timeout))"
        case .unsupportedBaud(let baud):
            "[dial] baud \(baud) is not a serial speed; use one of \(ModemBaud.supported.map(String.init).joined(separator: ", "))"
        case .badControlAddress(let problem): "[dial] control: \(problem)"
        case .lineUnavailable(let problem): "[dial] method: \(problem)"
        }
    }
}
