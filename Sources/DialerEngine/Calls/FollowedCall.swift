// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// A call that a line (baresip, an AT modem, ModemManager) follows from its start to its end,
/// as the dialer shows it: pure, with time as an input like everything in DialerEngine.
///
/// Outgoing: dialling → ringing → connected → ended. Incoming: ringing here (`incoming`) →
/// connected, or ended (missed, rejected). Every end has its reason (`CallEnd`), and the
/// outcome the history keeps follows from it and from whether the call was connected.
public struct FollowedCall: Sendable, Hashable {
    /// Where the call is.
    public enum Phase: Sendable, Hashable {
        /// Dialled here; the far end does not ring yet.
        case dialling
        /// Dialled here; the far end rings.
        case ringing
        /// Rings here, not answered yet.
        case incoming
        /// Both ends talk.
        case connected
        /// Over, and why.
        case ended(CallEnd)
    }

    /// What a line says happened to the call.
    public enum Change: Sendable, Hashable {
        case ringing
        case connected
        case ended(CallEnd)
        /// Held here: connected, and silent both ways.
        case held
        /// Taken off hold.
        case resumed
        /// This end's sound muted (true) or sent again.
        case muted(Bool)
    }

    /// The line's name for the call (`LineEvent.call`), once the line gave one: how a line
    /// following two calls says which one an event is about.
    public var id: LineCallID?
    /// Whether the call is held here (connected, on hold).
    public private(set) var isHeld = false
    /// Whether this end's sound is muted.
    public private(set) var isMuted = false

    public let direction: CallDirection
    /// Whom: the contact dialled or found by the caller's number, else the number alone (and
    /// the name the network gave).
    public private(set) var request: DialRequest
    /// The name the network gave an incoming call (a SIP display name), kept for the history
    /// when the caller is not in the book.
    public let networkName: String?
    public private(set) var phase: Phase
    /// When the call was dialled or began to ring here.
    public let startedAt: Microseconds
    /// Whether the far end of an outgoing call rang: hung up here before, the call was
    /// cancelled rather than unanswered.
    public private(set) var rang = false
    /// When it was connected; nil while it never was.
    public private(set) var connectedAt: Microseconds?
    /// When it ended; nil while it goes on.
    public private(set) var endedAt: Microseconds?

    /// A call dialled here at `time`.
    public init(dialling request: DialRequest, at time: Microseconds) {
        self.direction = .outgoing
        self.request = request
        self.networkName = nil
        self.phase = .dialling
        self.startedAt = time
    }

    /// A call ringing here from `request` at `time`.
    public init(incoming request: DialRequest, networkName: String? = nil, at time: Microseconds) {
        self.direction = .incoming
        self.request = request
        self.networkName = networkName
        self.phase = .incoming
        self.startedAt = time
    }

    /// A caller not in the book when the call began is now known (the book was loading, or
    /// was reloaded): the call is theirs from now on, and in the history.
    public mutating func identify(_ caller: DialRequest) {
        guard direction == .incoming, request.contact == nil else { return }
        request = caller
    }

    /// Whether the call goes on (is not over).
    public var isLive: Bool {
        if case .ended = phase { return false }
        return true
    }

    /// Takes in what the line says at `time`. Returns whether anything changed: a change that
    /// makes no sense where the call is (ringing once connected, anything once ended) is
    /// dropped, as lines repeat themselves (a modem's `RING`, baresip's progress events).
    @discardableResult
    public mutating func apply(_ change: Change, at time: Microseconds) -> Bool {
        switch (change, phase) {
        case (_, .ended): return false
        case (.ringing, .dialling):
            phase = .ringing
            rang = true
        case (.ringing, _):
            return false
        case (.held, .connected), (.resumed, .connected):
            let held = change == .held
            guard held != isHeld else { return false }
            isHeld = held
        case (.muted(let muted), .connected):
            guard muted != isMuted else { return false }
            isMuted = muted
        case (.held, _), (.resumed, _), (.muted, _):
            return false
        case (.connected, .connected):
            return false
        case (.connected, _):
            phase = .connected
            connectedAt = time
        case (.ended(let end), _):
            phase = .ended(end)
            endedAt = time
            isHeld = false
        }
        return true
    }

    /// How long the call has been connected at `time` (until it ended), in microseconds; nil
    /// when it never was.
    public func connectedTime(at time: Microseconds) -> Microseconds? {
        guard let connectedAt else { return nil }
        return max(0, (endedAt ?? time) - connectedAt)
    }

    /// The outcome the history keeps, once the call is over.
    public var outcome: CallOutcome? {
        guard case .ended(let end) = phase else { return nil }
        return CallOutcome(direction: direction, end: end, wasConnected: connectedAt != nil, rang: rang)
    }

    /// What the screen shows of the call at `time`.
    public func progress(at time: Microseconds) -> CallProgress {
        switch phase {
        case .dialling: .dialling
        case .ringing: .ringing
        case .incoming: .incoming
        case .connected where isHeld: .held(seconds: Self.wholeSeconds(connectedTime(at: time) ?? 0))
        case .connected: .connected(seconds: Self.wholeSeconds(connectedTime(at: time) ?? 0))
        case .ended(let end):
            .ended(end, outcome: outcome ?? .failed, seconds: connectedTime(at: time).map(Self.wholeSeconds))
        }
    }

    /// When the screen next changes by itself: the next whole second of a connected call's
    /// time. Nil otherwise: a call that rings waits for the line.
    public func nextTick(after time: Microseconds) -> Microseconds? {
        guard case .connected = phase, let connectedAt else { return nil }
        let elapsed = max(0, time - connectedAt)
        return connectedAt + (elapsed / Self.second + 1) * Self.second
    }

    /// What the history keeps of the call, once it is over.
    public var record: CallRecord? {
        guard case .ended(let end) = phase, let outcome else { return nil }
        return CallRecord(
            request: request, direction: direction, outcome: outcome, end: end, networkName: networkName,
            connectedTime: connectedTime(at: endedAt ?? startedAt))
    }

    static let second: Microseconds = 1_000_000

    static func wholeSeconds(_ time: Microseconds) -> Int { Int(time / second) }
}

/// A call that is over, as the history keeps it.
public struct CallRecord: Sendable, Hashable {
    public var request: DialRequest
    public var direction: CallDirection
    public var outcome: CallOutcome
    public var end: CallEnd
    /// The name the network gave an incoming caller, if any.
    public var networkName: String?
    /// How long the call was connected, in microseconds; nil when it never was.
    public var connectedTime: Microseconds?

    public init(
        request: DialRequest, direction: CallDirection, outcome: CallOutcome, end: CallEnd, networkName: String? = nil,
        connectedTime: Microseconds? = nil
    ) {
        self.request = request
        self.direction = direction
        self.outcome = outcome
        self.end = end
        self.networkName = networkName
        self.connectedTime = connectedTime
    }
}
