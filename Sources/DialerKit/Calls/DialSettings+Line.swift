// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import Telephony

extension DialSettings {
    /// The line of the configured method, set up now so a bad setting is reported at start.
    public func makeLine() throws(DialerError) -> any CallLine {
        do throws(DialSetupError) {
            switch method {
            case .print:
                return PrintLine()
            case .exec:
                return try ExecLine(command: command, hangUpCommand: hangUpCommand, timeoutSeconds: timeoutSeconds)
            case .modem:
                return ModemCallLine(device: device ?? "", baud: try ModemBaud(baud))
            case .modemmanager:
                if let problem = ModemManagerLine.libraryProblem { throw .lineUnavailable(problem) }
                return ModemManagerLine(modem: modem)
            case .baresip:
                do {
                    return try BaresipLine(control: control)
                } catch {
                    throw .badControlAddress(error.description)
                }
            }
        } catch {
            throw .dialMethod(error)
        }
    }
}
