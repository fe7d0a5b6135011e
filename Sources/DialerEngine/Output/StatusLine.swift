// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes

/// The idle screen's status line, as a phone's: the time of day, the missed calls not seen
/// yet, and the battery where there is one. A value made outside the engine (which reads no
/// clock and no battery) and handed to `DialerSession.setStatus(_:)`; the missed calls are
/// the session's own.
public struct StatusLine: Sendable, Hashable {
    /// The local time as shown ("14:02", "2:02 PM"); nil when not known.
    public var clock: String?
    /// The missed calls not seen yet.
    public var missedCalls: Int
    /// The battery, where the board has one.
    public var battery: Battery?
    /// Whether the line can place calls, when it says (SIP registered).
    public var line: LineState?

    public init(clock: String? = nil, missedCalls: Int = 0, battery: Battery? = nil, line: LineState? = nil) {
        self.clock = clock
        self.missedCalls = missedCalls
        self.battery = battery
        self.line = line
    }

    /// A battery's charge.
    public struct Battery: Sendable, Hashable {
        /// 0 to 100.
        public var percent: Int
        /// Whether it charges now (or is full on its charger).
        public var charging: Bool

        public init(percent: Int, charging: Bool) {
            self.percent = min(100, max(0, percent))
            self.charging = charging
        }

        /// "87%", or "87%+" while it charges.
        public var text: String { "\(percent)%" + (charging ? "+" : "") }
    }

    /// What the left of the line says: the clock, then the missed calls ("14:02 2 missed").
    public var leading: String {
        [clock, missedCalls > 0 ? "\(missedCalls) missed" : nil].compactMap { $0 }.joined(separator: " ")
    }

    /// The left of the line where "2 missed" does not fit: the call log's arrow of a call
    /// coming in, and the count ("14:02 ←2").
    public var compactLeading: String {
        [clock, missedCalls > 0 ? "←\(missedCalls)" : nil].compactMap { $0 }.joined(separator: " ")
    }

    /// What the right of the line says: the line's state, then the battery ("SIP 87%").
    public var trailing: String {
        [line?.text, battery?.text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Whether the line says anything.
    public var isEmpty: Bool { leading.isEmpty && trailing.isEmpty }
}
