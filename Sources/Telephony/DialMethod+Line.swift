// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

extension DialMethod {
    /// The configured method's line, set up now so a bad setting is reported at start: the one
    /// place a method's settings (DialerConfig's `[dial]`) meet its folder here.
    public func makeLine() throws(DialSetupError) -> any CallLine {
        switch self {
        case .print:
            return PrintLine()
        case .exec(let exec):
            return try ExecLine(command: exec.command, hangUpCommand: exec.hangUpCommand, timeoutSeconds: exec.timeoutSeconds)
        case .modem(let modem):
            return ModemCallLine(device: modem.device, baud: try ModemBaud(modem.baud))
        case .baresip(let baresip):
            do {
                return try BaresipLine(control: baresip.control)
            } catch {
                throw .badControlAddress(error.description)
            }
        case .modemManager(let modemManager):
            if let problem = ModemManagerLine.libraryProblem { throw .lineUnavailable(problem) }
            return ModemManagerLine(modem: modemManager.modem)
        }
    }
}
