// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes

/// ModemManager's D-Bus names (its introspection XML, `org.freedesktop.ModemManager1.*.xml`).
enum ModemManagerNames {
    static let service = "org.freedesktop.ModemManager1"
    /// The object manager, whose objects are the modems.
    static let root = "/org/freedesktop/ModemManager1"
    /// Modems are `/org/freedesktop/ModemManager1/Modem/N`.
    static let modemPrefix = root + "/Modem/"
    static let modem = "org.freedesktop.ModemManager1.Modem"
    static let voice = "org.freedesktop.ModemManager1.Modem.Voice"
    static let modem3gpp = "org.freedesktop.ModemManager1.Modem.Modem3gpp"
    static let call = "org.freedesktop.ModemManager1.Call"
    static let objectManager = "org.freedesktop.DBus.ObjectManager"
    static let properties = "org.freedesktop.DBus.Properties"
}

/// A call's state (ModemManager's MMCallState), as the `State` property and `StateChanged`
/// give it.
public enum ModemManagerCallState: Int64, Sendable, Hashable {
    case unknown = 0, dialing, ringingOut, ringingIn, active, held, waiting, terminated
}

/// A modem's state (MMModemState), as its `State` property and `StateChanged` give it.
public enum ModemManagerModemState: Int64, Sendable, Hashable {
    case failed = -1, unknown, initializing, locked, disabled, disabling, enabling, enabled, searching, registered, disconnecting, connecting,
        connected
}

/// Why a call's state changed (MMCallStateReason), as `StateChanged` gives it.
public enum ModemManagerCallStateReason: Int64, Sendable, Hashable {
    case unknown = 0, outgoingStarted, incomingNew, accepted, terminated, refusedOrBusy, error, audioSetupFailed, transferred, deflected
}

/// Which way a call goes (MMCallDirection), as the `Direction` property gives it.
public enum ModemManagerCallDirection: Int64, Sendable, Hashable {
    case unknown = 0, incoming, outgoing
}

extension CallEnd {
    /// Why a call ended, from the reason of ModemManager's `StateChanged` to TERMINATED (nil:
    /// a reason this version does not know), the call's direction, whether it was connected,
    /// and whether the user here asked to end it (which makes it `.hungUpHere`, whatever
    /// ModemManager says). A call that ends otherwise ended there: hung up once connected or
    /// ringing here (a missed call), unanswered when it was dialled here.
    public init(modemManagerReason reason: ModemManagerCallStateReason?, direction: CallDirection, wasConnected: Bool, hungUpHere: Bool) {
        switch reason {
        case _ where hungUpHere: self = .hungUpHere
        case .refusedOrBusy: self = .busy
        case .error: self = .failed("the network refused the call (a wrong number, or no service)")
        case .audioSetupFailed: self = .failed("the modem could not set up the call's audio")
        case .transferred, .deflected: self = .hungUpThere
        default: self = wasConnected || direction == .incoming ? .hungUpThere : .noAnswer
        }
    }
}
