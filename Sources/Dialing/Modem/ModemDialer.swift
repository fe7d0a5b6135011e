// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import Telephony
/// The `modem` method: places a voice call with `ATD<number>;` on an AT modem's serial port,
/// and hangs up with `ATH`.
///
/// Each dial opens the port, sends the command, waits for the final result code, and closes the
/// port: `OK` (or `CONNECT`) is a placed call; `BUSY`, `NO CARRIER`, `NO ANSWER`, `NO DIALTONE`,
/// `ERROR` and `+CME ERROR: ...` are failures named as the modem said them. With no final code
/// by the time-out, `ATH` is sent to abandon the attempt and the outcome is a time-out. Many
/// modems answer `OK` as soon as the call is set up; a `BUSY` or `NO CARRIER` that comes later
/// is an unsolicited code of the call, not of the dial, and is not watched for here.
///
/// `dial` blocks up to the time-out (and a few seconds more for the `ATH`): run it through
/// `BackgroundDial`.
public struct ModemDialer: DialMethod {
    public let device: String
    public let baud: ModemBaud
    public let timeout: Duration
    /// How long `ATH` may take.
    public var hangUpTimeout: Duration = .seconds(5)

    public init(device: String, baud: ModemBaud = .standard, timeout: Duration) throws(DialSetupError) {
        guard timeout > .zero else { throw .badTimeout(timeout) }
        self.device = device
        self.baud = baud
        self.timeout = timeout
    }

    public func dial(_ number: DialNumber, name: String) -> DialOutcome {
        let dialled = number.dialString
        var port: ModemSession
        do {
            port = try ModemSession(device: device, baud: baud)
        } catch {
            return DialOutcome(.failed(reason: error.description), via: device, number: dialled)
        }
        let kind: DialOutcome.Kind
        do {
            switch try port.command("ATD\(dialled);", timeout: timeout) {
            case .ok, .connect: kind = .placed
            case .busy: kind = .busy
            case .noCarrier: kind = .noCarrier
            case .noAnswer: kind = .noAnswer
            case .noDialTone: kind = .noDialTone
            case .error(let text): kind = .modemError(text)
            case nil:
                kind = .timedOut(after: timeout)
                _ = try? port.hangUp(timeout: hangUpTimeout)
            }
        } catch {
            kind = .failed(reason: error.description)
        }
        return DialOutcome(kind, via: device, number: dialled, detail: port.transcript.joined(separator: "\n"))
    }

    /// Ends the call: opens the port and sends `ATH`. Returns the modem's answer (`OK` when it
    /// hung up), nil when it said nothing in time.
    public func hangUp() throws(ModemError) -> FinalResultCode? {
        var port = try ModemSession(device: device, baud: baud)
        return try port.hangUp(timeout: hangUpTimeout)
    }
}
