// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import TerminalText

/// What ModemManager says of a modem beside its state, from its properties: the signal and
/// network for the status line, and whether it has a SIM, for emergency calls. ModemManager
/// reads the modem itself (`AT+CSQ` every 30 s, `AT+COPS?` when the registration changes) and
/// says what changed with `PropertiesChanged`: the line only listens, and asks nothing.
struct ModemManagerModemFacts: Sendable, Hashable {
    /// `SignalQuality`'s percent (the Modem interface's `(ub)`).
    var signalPercent: Int64?
    /// `SignalQuality`'s "recent": false when ModemManager has not read it for a while, or
    /// cleared it (a modem disabled or failed has 0, not recent).
    var signalRecent = false
    /// `OperatorName` (the Modem3gpp interface); empty while not registered.
    var operatorName: String?
    /// `StateFailedReason` (MMModemStateFailedReason), for a modem in the failed state.
    var failedReason: ModemManagerFailedReason?

    /// Takes the properties `properties` of `interface`, as `GetManagedObjects`,
    /// `InterfacesAdded` and `PropertiesChanged` give them; others are left as they were.
    mutating func take(_ interface: String, _ properties: [String: DBusValue]) {
        switch interface {
        case ModemManagerNames.modem:
            if let quality = properties["SignalQuality"]?.fields, quality.count == 2 {
                signalPercent = quality[0].integer
                signalRecent = quality[1].boolean ?? false
            }
            if let reason = properties["StateFailedReason"]?.integer {
                failedReason = ModemManagerFailedReason(rawValue: reason) ?? .unknown
            }
        case ModemManagerNames.modem3gpp:
            if let name = properties["OperatorName"]?.text { operatorName = name }
        default:
            break
        }
    }

    /// The modem's line as the status line shows it: its bars and its network.
    var lineState: LineState {
        // A 0 that is not recent is ModemManager's "not known" (it clears the signal so when
        // the modem is disabled or failed); any other value is the last one read.
        let bars = signalPercent.flatMap { percent in percent == 0 && !signalRecent ? nil : Self.bars(percent: percent) }
        let name = operatorName.map { String($0.trimmingBlanks().prefix(Self.operatorNameLimit)) }
        return LineState(signalBars: bars, operatorName: name?.isEmpty == false ? name : nil)
    }

    /// Whether the modem failed for want of a SIM (missing, or not usable): ModemManager then
    /// keeps its Voice interface for emergency calls only.
    var hasNoSIM: Bool { failedReason == .simMissing || failedReason == .simError }

    /// The longest operator name kept, as for the AT modem's `+COPS`.
    static let operatorNameLimit = ModemCallTracker.quoteLimit

    /// ModemManager's percent as bars, the same as the AT modem's for the same `+CSQ`:
    /// ModemManager makes `AT+CSQ`'s RSSI (0 to 31) a percent as RSSI × 100 / 31, rounded
    /// down, which this takes back to the RSSI (rounding up) before `ModemCallTracker.bars`.
    static func bars(percent: Int64) -> Int? {
        let clamped = min(100, max(0, percent))
        return ModemCallTracker.bars(rssi: Int((clamped * 31 + 99) / 100))
    }
}

/// Why a modem failed (MMModemStateFailedReason), as its `StateFailedReason` property gives
/// it: the ones t9dial acts on, and `unknown` for the rest.
enum ModemManagerFailedReason: Int64, Sendable, Hashable {
    case none = 0, unknown, simMissing, simError
}
