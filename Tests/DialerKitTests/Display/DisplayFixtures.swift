// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import DialerKit
import T9Search
import InputEvents
import TestFixtures

/// Screens for the display tests, made by a real dialer over three contacts.
enum DisplayFixtures {
    static let index = Fixtures.index([
        SearchableContact(names: [NameField("Fred Smith", kind: .displayName)], numbers: ["+44 7700 900123"], uid: "smith"),
        SearchableContact(names: [NameField("Fred Sanders", kind: .displayName)], numbers: ["+44 121 496 0000"], uid: "sanders"),
        SearchableContact(
            names: [NameField("Freya \"Fay\" Jones", kind: .displayName)], numbers: ["+1 201-555-0123"], uid: "jones"),
    ])

    /// A contact with two numbers, labelled, and a label with a control character in it.
    static let labelled = Fixtures.index([
        SearchableContact(
            names: [NameField("Fred Smith", kind: .displayName)], numbers: ["+44 121 496 0000", "+44 7700 900123"],
            numberLabels: [NumberLabel(.home), NumberLabel(custom: "Boat\u{1B}")], uid: "smith")
    ])

    /// The screen after `keys` typed on a dialer over `labelled`.
    static func labelledScreen(_ keys: String) throws -> ScreenState {
        let session = try DialerSession(index: labelled)
        var time: Microseconds = 0
        for key in keys {
            let role: KeyRole = key == "*" ? .star : .digit(UInt8(key.wholeNumberValue!))
            _ = session.handle(TimedGesture(time: time, gesture: .pressed(role)))
            _ = session.handle(TimedGesture(time: time + 50_000, gesture: .tapped(role)))
            time += 100_000
        }
        return session.screen
    }

    /// The screen after each key of `keys` (digits, `*`, `#`) is tapped, and the updates of the
    /// last one, followed by those of `outcome` when the last key dialled; `mode` is the
    /// initial mode, and `shownRows` how many results are highlighted (nil: all).
    static func updates(
        _ keys: String, mode: InputMode = .t9, outcome: DialOutcome? = nil, shownRows: Int? = nil
    ) throws -> [DialerUpdate] {
        let session = try DialerSession(index: index, settings: DialerSettings(initialMode: mode))
        session.shownRows = shownRows
        var updates: [DialerUpdate] = []
        var time: Microseconds = 0
        for key in keys {
            let role: KeyRole = key == "*" ? .star : key == "#" ? .pound : .digit(UInt8(key.wholeNumberValue!))
            updates = session.handle(TimedGesture(time: time, gesture: .pressed(role)))
            updates += session.handle(TimedGesture(time: time + 50_000, gesture: .tapped(role)))
            time += 100_000
        }
        if let outcome, case .dial(let request) = updates.first {
            updates += session.dialFinished(request, outcome)
        }
        return updates
    }

    /// Shows `screen` awake, then asleep twice (the same screen coming again while it sleeps),
    /// then awake: the sequence each display's sleep test writes.
    static func showAwakeAsleepAwake<Display: DialerDisplay>(_ screen: ScreenState, on display: inout Display) {
        var screen = screen
        display.show(screen)
        screen.asleep = true
        display.show(screen)
        display.show(screen)
        screen.asleep = false
        display.show(screen)
    }

    static func screen(_ keys: String, mode: InputMode = .t9, shownRows: Int? = nil) throws -> ScreenState {
        let session = try DialerSession(index: index, settings: DialerSettings(initialMode: mode))
        guard !keys.isEmpty else { return session.screen }
        let last = try updates(keys, mode: mode, shownRows: shownRows).compactMap { if case .screen(let screen) = $0 { screen } else { nil } }.last
        return last ?? session.screen
    }
}
