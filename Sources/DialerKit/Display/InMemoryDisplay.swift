// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerEngine

/// Keeps every update it is given, in order, for tests.
public struct InMemoryDisplay: DialerDisplay, Sendable {
    public private(set) var updates: [DialerUpdate] = []

    public init() {}

    public var screens: [ScreenState] {
        updates.compactMap { if case .screen(let screen) = $0 { screen } else { nil } }
    }

    public var dials: [DialRequest] {
        updates.compactMap { if case .dial(let request) = $0 { request } else { nil } }
    }

    public mutating func take(_ update: DialerUpdate) { updates.append(update) }

    /// The outcome of each dial, in the order they came.
    public var outcomes: [DialOutcome] {
        updates.compactMap { if case .dialFinished(_, let outcome) = $0 { outcome } else { nil } }
    }
}
