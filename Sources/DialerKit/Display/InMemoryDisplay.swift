public import DialerEngine

/// Keeps every screen and dial it is given, in order, for tests.
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

    public mutating func dial(_ request: DialRequest) { updates.append(.dial(request)) }
}
