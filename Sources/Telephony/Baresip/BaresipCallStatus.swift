// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import TerminalText

/// The current call as baresip 1.0.0's `callstat` describes it: what the line needs to follow
/// a call that began before it connected (its events name it by its SIP Call-ID). The answer
/// reads, among lines t9dial skips:
///
///     ===== Call debug (INCOMING) =====
///      peer_uri:  Sam Sipp <sip:+4412@127.0.0.1:15072>
///      af=AF_INET id=1-10567@127.0.0.1
///      direction: Incoming
///
/// and `(no active calls)` when there is none.
public struct BaresipCallStatus: Sendable, Hashable {
    /// baresip's name of the call's state: INCOMING, OUTGOING, RINGING, EARLY, ESTABLISHED...
    public var state: String
    public var direction: CallDirection
    /// The far end's URI (`sip:+4412@host`).
    public var peerURI: String
    /// The far end's display name, when it sent one.
    public var peerName: String?
    /// The call's SIP Call-ID, as its events give it (`id`).
    public var id: String

    public init(state: String, direction: CallDirection, peerURI: String, peerName: String?, id: String) {
        self.state = state
        self.direction = direction
        self.peerURI = peerURI
        self.peerName = peerName
        self.id = id
    }

    /// The call `callstat` describes, or nil when it describes none or not in the form above.
    public init?(parsing text: String) {
        var state: String?
        var direction: CallDirection?
        var peer: String?
        var id: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = Self.withoutTerminalEscapes(String(raw)).trimmingBlanks()
            if line.hasPrefix("===== Call debug ("), let close = line.firstIndex(of: ")") {
                state = String(line[line.index(line.startIndex, offsetBy: "===== Call debug (".count)..<close])
            } else if line.hasPrefix("peer_uri:") {
                peer = String(line.dropFirst("peer_uri:".count)).trimmingBlanks()
            } else if line.hasPrefix("direction:") {
                switch String(line.dropFirst("direction:".count)).trimmingBlanks().lowercased() {
                case "incoming": direction = .incoming
                case "outgoing": direction = .outgoing
                default: break
                }
            } else if let word = line.split(separator: " ").first(where: { $0.hasPrefix("id=") }) {
                id = String(word.dropFirst(3))
            }
        }
        guard let state, let direction, let peer, let id, !id.isEmpty else { return nil }
        self.state = state
        self.direction = direction
        self.id = id
        // "Name <uri>", "<uri>" or "uri".
        if let open = peer.lastIndex(of: "<"), peer.hasSuffix(">") {
            peerURI = String(peer[peer.index(after: open)..<peer.index(before: peer.endIndex)])
            var name = String(peer[..<open]).trimmingBlanks()
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
            peerName = name.isEmpty ? nil : name
        } else {
            peerURI = peer
            peerName = nil
        }
    }

    /// `text` without the terminal's colour sequences baresip puts in its menu's answers
    /// (`ESC[31mERR ESC[;m`).
    static func withoutTerminalEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
