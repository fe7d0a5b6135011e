// SPDX-License-Identifier: Apache-2.0

/// The second call on the calling screen: waiting to be answered, or held.
public struct OtherCall: Sendable, Hashable {
    /// Whether the call waits to be answered or is held.
    public enum State: String, Sendable, Hashable {
        /// Rings here during the current call (call waiting).
        case waiting
        /// Answered, and held while the current call goes on.
        case held
    }

    /// Whom: the contact found by the number, as for the current call.
    public var request: DialRequest
    public var state: State

    public init(request: DialRequest, state: State) {
        self.request = request
        self.state = state
    }

    /// The line under the current call: "Waiting: Fred Smith", "On hold: +44 7700 900123".
    public var line: String {
        (state == .waiting ? "Waiting: " : "On hold: ") + (request.name ?? request.number)
    }
}

extension ScreenState {
    /// The lines the calling screen shows under the call's own (its headline, name and
    /// number): the other call, mute, the last call key's note, then the help line.
    public var callDetailLines: [String] {
        guard calling != nil else { return [] }
        return [otherCall?.line, muted ? "Muted" : nil, callNote, callKeys].compactMap { $0 }
    }
}
