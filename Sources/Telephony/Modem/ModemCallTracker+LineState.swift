// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
public import InputEvents

/// What the modem last said of its signal and network, and when it was last asked.
struct ModemLineState: Sendable, Hashable {
    var signalBars: Int?
    var operatorName: String?
    var lastAsked: Microseconds?
    /// What the line last said (`.lineState`), to say it only when it changes.
    var reported: LineState?
}

/// The modem's signal (`AT+CSQ`) and network (`AT+COPS?`) for the status line: asked when the
/// status line is read, at most once a minute, and never during a call (its commands come
/// first, and the modem's answers to them matter more).
extension ModemCallTracker {
    /// The least time between two askings.
    static let lineStateInterval: Microseconds = 60_000_000

    /// Asks the modem for its signal and network, unless it was asked less than a minute ago
    /// or a call exists.
    public mutating func askLineState(at now: Microseconds) -> Step {
        stepping(at: now) { tracker, _ in
            guard tracker.call == nil else { return }
            if let last = tracker.lineState.lastAsked, now < last.addingSaturated(Self.lineStateInterval) { return }
            tracker.lineState.lastAsked = now
            tracker.queue.append(Command(text: "AT+CSQ", purpose: .signal))
            tracker.queue.append(Command(text: "AT+COPS?", purpose: .operatorName))
        }
    }

    /// Takes `+CSQ: <rssi>,<ber>` or `+COPS: <mode>[,<format>,"<operator>"[,<act>]]`, and says
    /// the line's state when it changed.
    mutating func takeLineState(_ text: String, _ step: inout Step) {
        let upper = text.uppercased()
        if upper.hasPrefix("+CSQ:") {
            let rssi = text.dropFirst(5).split(separator: ",").first.flatMap { Int(String($0).trimmingBlanks()) }
            lineState.signalBars = rssi.flatMap(Self.bars)
        } else {
            let fields = ModemListedCall.fields(of: text.dropFirst(6))
            let name = fields.count >= 3 ? String(fields[2].prefix(Self.quoteLimit)) : ""
            lineState.operatorName = name.isEmpty ? nil : name
        }
        let state = LineState(signalBars: lineState.signalBars, operatorName: lineState.operatorName)
        guard state != lineState.reported else { return }
        lineState.reported = state
        step.events.append(.lineState(state))
    }

    /// 27.007's RSSI (0 to 31, 99 unknown) as 0 to 4 bars, as phones draw them.
    static func bars(rssi: Int) -> Int? {
        switch rssi {
        case 0...1: 0
        case 2...9: 1
        case 10...14: 2
        case 15...19: 3
        case 20...31: 4
        default: nil
        }
    }
}
