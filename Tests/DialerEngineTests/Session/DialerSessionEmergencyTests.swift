// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import T9Search
import Testing

/// Emergency numbers are dialled as typed, whatever contact the digits find.
@Suite("Dialer session: emergency numbers")
struct DialerSessionEmergencyTests {
    /// A number holding 112, a name T9 spells with 999 (Wyx), and one with 000 in its number.
    static let index = SearchIndex(
        contacts: [
            SessionFixtures.contact("Ann Baker", "+1 555 112 4567", uid: "ann"),
            SessionFixtures.contact("Wyx Tan", "+65 9177 6930", uid: "wyx"),
            SessionFixtures.contact("Bo Dent", "+61 2 9000 0001", uid: "bo"),
        ], alphabet: SessionFixtures.index.alphabet)

    static func dialer(adding extra: Set<String> = []) throws -> Dialing {
        let dialing = Dialing(session: try DialerSession(index: index))
        dialing.session.emergencyNumbers = extra
        return dialing
    }

    @Test(
        arguments: [
            ("112#", [], "112", "ann"),
            ("999#", [], "999", "wyx"),
            ("911#", [], "911", nil),
            // A number the config adds (Australia's), written with a space there.
            ("000#", ["0 00"], "000", "bo"),
        ] as [(String, Set<String>, String, String?)])
    func anEmergencyNumberIsDialledAsTypedNotTheContactItFinds(keys: String, extra: Set<String>, number: String, found: String?) throws {
        var dialing = try Self.dialer(adding: extra)
        dialing.type(String(keys.dropLast()))
        // The contact is found, and selected...
        #expect(dialing.selectedUID == found)
        dialing.type("#")
        // ...but the number typed is what is called.
        #expect(dialing.dials == [DialRequest(number: number)])
    }

    @Test func withoutTheConfigsNumbersOnlyTheStandardOnesAreDialledAsTyped() throws {
        var dialing = try Self.dialer()
        dialing.type("000#")
        #expect(dialing.dials.map(\.uid) == ["bo"])
        #expect(dialing.session.emergencyNumbers == DialerSession.standardEmergencyNumbers)
    }

    @Test func aLongerNumberStartingWithOneIsNoEmergencyNumber() throws {
        var dialing = try Self.dialer()
        dialing.type("1124#")
        #expect(dialing.dials.map(\.uid) == ["ann"])
    }

    /// While the book loads, a dial waits for it; an emergency number's does not, and a book
    /// that then fails to load drops nothing of it.
    @Test func anEmergencyDialIsNotHeldBackWhileTheBookLoads() throws {
        let machine = DialerMachine(session: try DialerSession(index: SearchIndex(contacts: [], alphabet: SessionFixtures.index.alphabet)))
        machine.attach(device: 1, keymap: InputFixtures.numpad, timing: KeyTiming())
        machine.holdBackDials()
        var updates: [DialerUpdate] = []
        for (step, code) in [79, 79, 80, 96].enumerated() {
            let time = ms(Int64(step) * 200)
            updates += machine.handle(.key(UInt16(code), KeyValue.press, at: time), from: 1)
            updates += machine.handle(.key(UInt16(code), KeyValue.release, at: time + ms(60)), from: 1)
        }
        machine.dropHeldBack()
        #expect(updates.compactMap { if case .dial(let request) = $0 { request } else { nil } } == [DialRequest(number: "112")])
    }
}
