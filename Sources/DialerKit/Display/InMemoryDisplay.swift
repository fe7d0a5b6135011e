// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerEngine

/// Keeps every screen, dial, outcome and hang-up it is given, in order, for tests.
public struct InMemoryDisplay: DialerDisplay, Sendable {
    public private(set) var updates: [DialerUpdate] = []

    public init() {}

    public var screens: [ScreenState] {
        updates.compactMap { if case .screen(let screen) = $0 { screen } else { nil } }
    }

    public var dials: [DialRequest] {
        updates.compactMap { if case .dial(let request) = $0 { request } else { nil } }
    }

    public mutating func show(_ screen: ScreenState) { updates.append(.screen(screen)) }

    /// The outcome of each dial, in the order they came.
    public var outcomes: [DialOutcome] {
        updates.compactMap { if case .dialFinished(_, let outcome) = $0 { outcome } else { nil } }
    }

    public mutating func dial(_ request: DialRequest) { updates.append(.dial(request)) }

    public mutating func dialFinished(_ request: DialRequest, _ outcome: DialOutcome) {
        updates.append(.dialFinished(request, outcome))
    }

    public mutating func hangUp(_ request: DialRequest) { updates.append(.hangUp(request)) }
}
