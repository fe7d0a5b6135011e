// SPDX-License-Identifier: Apache-2.0

/// Whether the line can place calls, as its status line shows it: a SIP account registered or
/// not; a modem's signal and operator. What a line does not know is nil.
public struct LineState: Sendable, Hashable {
    /// Whether every SIP account of the line is registered; nil for a line without one.
    public var registered: Bool?
    /// A modem's signal, 0 to 4 bars; nil when not known.
    public var signalBars: Int?
    /// The network a modem is on ("Vodafone UK"); nil when not known.
    public var operatorName: String?

    public init(registered: Bool? = nil, signalBars: Int? = nil, operatorName: String? = nil) {
        self.registered = registered
        self.signalBars = signalBars.map { min(4, max(0, $0)) }
        self.operatorName = operatorName
    }

    /// How the status line says it: "SIP" registered, "no SIP" not; the operator and the bars
    /// ("Vodafone 3/4").
    public var text: String {
        var parts: [String] = []
        if let registered { parts.append(registered ? "SIP" : "no SIP") }
        if let operatorName, !operatorName.isEmpty { parts.append(operatorName) }
        if let signalBars { parts.append("\(signalBars)/4") }
        return parts.joined(separator: " ")
    }
}
