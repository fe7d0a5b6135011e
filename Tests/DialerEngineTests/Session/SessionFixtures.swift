// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerConfig
import DialerEngine
import T9Search
import InputEvents

/// The shipped layouts, a small contact book, and a dialer driven by gestures at given times.
enum SessionFixtures {
    static let repository: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// Latin, Cyrillic and Greek, in the catalog's order.
    static let layouts: [KeypadLayout] = {
        do {
            return try LayoutCatalog.load(directory: repository + "/Config/layouts").layouts
        } catch {
            fatalError("the shipped layouts must load: \(error)")
        }
    }()

    static func contact(_ name: String, _ number: String, uid: String) -> SearchableContact {
        SearchableContact(names: [NameField(name, kind: .displayName)], numbers: [number], uid: uid)
    }

    /// "fre" (373) finds the three Fre... contacts; 373376 only Fred Smith.
    static let contacts = [
        contact("Fred Smith", "+44 7700 900123", uid: "smith"),
        contact("Fred Sanders", "+44 121 496 0000", uid: "sanders"),
        contact("Freya Jones", "+1 201-555-0123", uid: "jones"),
        contact("Анна Иванова", "+7 495 123 4567", uid: "ivanova"),
        contact("Zoë Adams", "+61 2 9374 4000", uid: "adams"),
        contact("Pat O'Brien", "+353 1 234 5678", uid: "obrien"),
    ]

    static let index = SearchIndex(contacts: contacts, alphabet: T9Alphabet(layouts: layouts))

    static func dialer(_ settings: DialerSettings = DialerSettings()) throws -> Dialing {
        Dialing(session: try DialerSession(index: index, settings: settings))
    }
}

/// Microseconds from milliseconds, for readable times in tests.
func ms(_ milliseconds: Int64) -> Microseconds { milliseconds * 1000 }

/// A dialer and a clock: each helper sends the gestures of one key, as the input side would,
/// and keeps the updates they produced.
struct Dialing {
    let session: DialerSession
    /// Where the next key goes down, in microseconds.
    var now: Microseconds = 0
    /// Every update so far, in order.
    var updates: [DialerUpdate] = []
    /// How long a short press is down.
    static let tapLength = ms(60)
    static let longPress = ms(500)
    static let clearPress = ms(2000)

    var screen: ScreenState { session.screen }
    var query: String { session.screen.query.text }
    var uids: [String] { session.screen.results.map(\.uid) }
    var selectedUID: String? { session.screen.selectedResult?.uid }
    var dials: [DialRequest] { updates.compactMap { if case .dial(let request) = $0 { request } else { nil } } }

    @discardableResult
    mutating func send(_ gesture: KeyGesture, at time: Microseconds) -> [DialerUpdate] {
        let produced = session.handle(TimedGesture(time: time, gesture: gesture))
        updates += produced
        return produced
    }

    @discardableResult
    mutating func advance(to time: Microseconds) -> [DialerUpdate] {
        let produced = session.advance(to: time)
        updates += produced
        now = max(now, time)
        return produced
    }

    /// Taps `role` at `now`, then moves `now` on by `gap`.
    mutating func tap(_ role: KeyRole, gap: Microseconds = ms(200)) {
        send(.pressed(role), at: now)
        send(.tapped(role), at: now + Self.tapLength)
        now += gap
    }

    /// Taps each digit of `digits` (and `*`, `#`), `gap` apart.
    mutating func type(_ digits: String, gap: Microseconds = ms(200)) {
        for character in digits {
            switch character {
            case "*": tap(.star, gap: gap)
            case "#": tap(.pound, gap: gap)
            default: tap(.digit(UInt8(character.wholeNumberValue!)), gap: gap)
            }
        }
    }

    /// Holds `role` down past the long-press time (and the clear time when `longer`).
    mutating func hold(_ role: KeyRole, longer: Bool = false) {
        send(.pressed(role), at: now)
        send(.held(role), at: now + Self.longPress)
        if longer { send(.heldLonger(role), at: now + Self.clearPress) }
        now += (longer ? Self.clearPress : Self.longPress) + ms(200)
    }

    /// Tells the session what came of its last dial, as the dial method would.
    mutating func finishDial(_ kind: DialOutcome.Kind, number: String = "") {
        guard let request = dials.last else { return }
        updates += session.dialFinished(request, DialOutcome(kind, via: "test", number: number))
    }

    /// Presses a dedicated key (Enter, Backspace, ...), which acts when it goes down.
    mutating func press(_ role: KeyRole) { tap(role) }
}
