// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// What came of one dial, as a value: the dialer shows `screenMessage` and logs `logMessage`,
/// and keeps its query whatever the outcome, so a failed dial loses nothing.
public struct DialOutcome: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The call was handed over: the program exited 0, or the modem answered `OK`.
        case placed
        /// Nothing was dialled: the program could not be started, the device not opened or
        /// written to. The reason says why and what to do.
        case failed(reason: String)
        /// No answer within the time-out: the program was killed, or the modem said nothing
        /// final.
        case timedOut(after: Duration)
        /// The program exited with a status other than 0.
        case exited(status: Int32)
        /// The program was ended by a signal it did not expect (not our time-out).
        case signalled(Int32)
        /// The modem's `BUSY`.
        case busy
        /// The modem's `NO CARRIER`: the call could not be set up or was dropped.
        case noCarrier
        /// The modem's `NO ANSWER`.
        case noAnswer
        /// The modem's `NO DIALTONE` (no network, no SIM, a plain modem with no line).
        case noDialTone
        /// The modem's `ERROR`, `+CME ERROR: ...` or `+CMS ERROR: ...`, as it said it.
        case modemError(String)
    }

    public var kind: Kind
    /// What dialled: the program's name ("mmcli") or the device ("/dev/ttyUSB2").
    public var via: String
    /// The number as dialled.
    public var number: String
    /// What the program wrote to stderr (its last 4 KB) or what the modem said, for the log.
    public var detail: String

    public init(_ kind: Kind, via: String, number: String, detail: String = "") {
        self.kind = kind
        self.via = via
        self.number = number
        self.detail = detail
    }

    /// Whether the call was placed.
    public var isPlaced: Bool { kind == .placed }

    /// One line for a small screen: "Calling +441214960000", "Busy", "Failed: exit 3: no modem".
    /// Never contains a newline; the screen clips it to its width.
    public var screenMessage: String {
        switch kind {
        case .placed: return "Calling \(number)"
        case .failed(let reason): return "Failed: \(Self.firstLine(reason))"
        case .timedOut(let after): return "No answer in \(after.shortText)"
        case .exited(let status):
            let said = Self.lastLine(detail)
            return said.isEmpty ? "Failed: exit \(status)" : "Failed: exit \(status): \(said)"
        case .signalled(let signal): return "Failed: \(Self.signalName(signal))"
        case .busy: return "Busy"
        case .noCarrier: return "No carrier"
        case .noAnswer: return "No answer"
        case .noDialTone: return "No dial tone"
        case .modemError(let code): return "Modem: \(code)"
        }
    }

    /// The full story for the log: what dialled which number, what happened, and everything
    /// the program or modem said.
    public var logMessage: String {
        let what: String
        switch kind {
        case .placed: what = "placed"
        case .failed(let reason): what = "failed: \(reason)"
        case .timedOut(let after): what = "timed out after \(after.shortText)"
        case .exited(let status): what = "failed: exited with status \(status)"
        case .signalled(let signal): what = "failed: ended by signal \(signal) (\(Self.signalName(signal)))"
        case .busy: what = "failed: BUSY"
        case .noCarrier: what = "failed: NO CARRIER"
        case .noAnswer: what = "failed: NO ANSWER"
        case .noDialTone: what = "failed: NO DIALTONE"
        case .modemError(let code): what = "failed: the modem said \(code)"
        }
        let said = detail.trimmingBlanks()
        let base = "dial \(number) via \(via): \(what.replacingNewlines)"
        return said.isEmpty ? base : base + "; it said: " + said.replacingNewlines
    }

    public var description: String { logMessage }

    private static func firstLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).first ?? "")
    }

    private static func lastLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) })
            .map { String($0).trimmingBlanks() } ?? ""
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 6: "SIGABRT"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 13: "SIGPIPE"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

extension String {
    /// Line breaks as " | ", so a multi-line stderr stays one log line.
    package var replacingNewlines: String {
        split(whereSeparator: \.isNewline).map { String($0).trimmingBlanks() }.filter { !$0.isEmpty }
            .joined(separator: " | ")
    }
}

extension Duration {
    /// A time-out as a message shows it: whole or decimal seconds ("30 s", "1.5 s"), or
    /// milliseconds under a second.
    package var shortText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}
