// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import Telephony
/// Hanging up an AT modem's call (`ATH`) as a `DialMethod`, so it runs through
/// `BackgroundDial` like a dial and the event loop never waits on the serial port. The outcome
/// is `.placed` when the modem answered `OK`.
public struct ModemHangUp: DialMethod {
    public let modem: ModemDialer

    public init(_ modem: ModemDialer) {
        self.modem = modem
    }

    public func dial(_ number: DialNumber, name: String) -> DialOutcome {
        let kind: DialOutcome.Kind
        do {
            switch try modem.hangUp() {
            case .ok: kind = .placed
            case nil: kind = .timedOut(after: modem.hangUpTimeout)
            case .some(let code): kind = .modemError(code.description)
            }
        } catch {
            kind = .failed(reason: error.description)
        }
        return DialOutcome(kind, via: modem.device, number: number.dialString)
    }
}
