// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: switching mode")
struct DialerSessionModeTests {
    static let cycle: [InputMode] = [
        .multiTap(layout: "latin"), .multiTap(layout: "cyrillic"), .multiTap(layout: "greek"), .t9,
    ]

    @Test func poundHeldGoesThroughT9AndEachLayout() throws {
        var dialing = try SessionFixtures.dialer()
        var modes: [InputMode] = []
        var labels: [String] = []
        for _ in Self.cycle {
            dialing.hold(.pound)
            modes.append(dialing.screen.mode)
            labels.append(dialing.screen.modeLabel)
        }
        #expect(modes == Self.cycle)
        #expect(labels == ["abc", "абв", "αβγ", "T9"])
        #expect(dialing.dials.isEmpty)
    }

    @Test func theModeKeySwitchesWhenPressed() throws {
        var dialing = try SessionFixtures.dialer()
        let modes = Self.cycle.map { _ in
            dialing.press(.switchMode)
            return dialing.screen.mode
        }
        #expect(modes == Self.cycle)
    }

    @Test func enteringOrLeavingT9StartsANewQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.press(.switchMode)
        #expect(dialing.query == "")
        #expect(dialing.screen.results.isEmpty)
        dialing.type("2")
        dialing.press(.switchMode)
        dialing.press(.switchMode)
        dialing.press(.switchMode)
        #expect(dialing.screen.mode == .t9)
        #expect(dialing.query == "")
    }

    @Test func multiTapLayoutsShareTheText() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(initialMode: .multiTap(layout: "latin")))
        dialing.type("2")
        dialing.press(.switchMode)
        #expect(dialing.screen.mode == .multiTap(layout: "cyrillic"))
        #expect(dialing.screen.query == QueryText(committed: "a"))
        // Cyrillic н is the second letter on 5.
        dialing.type("55")
        #expect(dialing.query == "aн")
    }

    @Test func theInitialModeMayBeAnyLayout() throws {
        let dialing = try SessionFixtures.dialer(DialerSettings(initialMode: .multiTap(layout: "greek")))
        #expect(dialing.screen.mode == .multiTap(layout: "greek"))
        #expect(dialing.screen.modeLabel == "αβγ")
    }

    @Test func anInactiveLayoutIsAnError() {
        #expect(throws: DialerSessionError.unknownLayout("thai", active: ["latin", "cyrillic", "greek"])) {
            try DialerSession(index: SessionFixtures.index, settings: DialerSettings(initialMode: .multiTap(layout: "thai")))
        }
    }

    @Test func withoutLayoutsTheModeStaysT9() throws {
        let index = SearchIndex(contacts: SessionFixtures.contacts, alphabet: T9Alphabet(layouts: []))
        let session = try DialerSession(index: index)
        let updates = session.handle(TimedGesture(time: 0, gesture: .pressed(.switchMode)))
        #expect(updates.isEmpty)
        #expect(session.screen.mode == .t9)
    }
}
