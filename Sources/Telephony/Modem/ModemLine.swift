// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import TerminalText
/// One line from an AT modem, classified. A command's answer ends with a final result code;
/// everything else before it (the command's echo, unsolicited result codes such as `RING`,
/// `+CREG: 1` or `^BOOT:...`, information lines) is noted and skipped.
public enum ModemLine: Sendable, Hashable {
    /// A final result code: the command is over.
    case final(FinalResultCode)
    /// Anything else: echo, unsolicited result codes, information text.
    case other(String)

    /// Classifies a line without its CR LF. Numeric result codes (ATV0) are not recognised:
    /// t9dial's modems answer in words, as they do by default.
    public init(_ text: String) {
        let line = text.trimmingBlanks()
        if let code = FinalResultCode(line) {
            self = .final(code)
        } else {
            self = .other(line)
        }
    }
}

/// The result codes that end an AT command (ITU-T V.250 and 3GPP TS 27.007).
public enum FinalResultCode: Sendable, Hashable, CustomStringConvertible {
    case ok
    /// `CONNECT` (a data call): taken as placed, like OK.
    case connect
    case busy
    case noCarrier
    case noAnswer
    case noDialTone
    /// `ERROR`, `+CME ERROR: <code>`, `+CMS ERROR: <code>`, as sent.
    case error(String)

    /// The code a line is, or nil for any other line.
    init?(_ line: String) {
        let upper = line.uppercased()
        switch upper {
        case "OK": self = .ok
        case "BUSY": self = .busy
        case "NO CARRIER": self = .noCarrier
        case "NO ANSWER": self = .noAnswer
        case "NO DIALTONE", "NO DIAL TONE": self = .noDialTone
        case "ERROR": self = .error(line)
        default:
            if upper == "CONNECT" || upper.hasPrefix("CONNECT ") {
                self = .connect
            } else if upper.hasPrefix("+CME ERROR:") || upper.hasPrefix("+CMS ERROR:") {
                self = .error(line)
            } else {
                return nil
            }
        }
    }

    public var description: String {
        switch self {
        case .ok: "OK"
        case .connect: "CONNECT"
        case .busy: "BUSY"
        case .noCarrier: "NO CARRIER"
        case .noAnswer: "NO ANSWER"
        case .noDialTone: "NO DIALTONE"
        case .error(let text): text
        }
    }
}
