// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import Testing

/// Speed dial: a long press of 2 to 9 on an empty query calls what the key is assigned, of 1
/// the voicemail number; 0 still gives `+`.
@Suite("Dialer session: speed dial and voicemail")
struct DialerSessionSpeedDialTests {
    static let dials = SpeedDials(
        targets: [
            2: .contact("Fred Smith", number: nil),
            3: .contact("sanders", number: nil),
            4: .contact("freya jones", number: "+1 (201) 555-0123"),
            5: .number("+44 20 7946 0000"),
            6: .contact("Fred Smith", number: "home"),
            7: .contact("Nobody Here", number: nil),
        ],
        voicemail: "+44 7700 900999")

    static func dialer(_ mode: InputMode = .t9, following: Bool = false) throws -> Dialing {
        var dialing = try SessionFixtures.dialer(DialerSettings(initialMode: mode))
        dialing.session.followsCalls = following
        dialing.session.speedDials = dials
        dialing.now = ms(1000)
        return dialing
    }

    @Test(
        arguments: [
            (2, DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")),
            // By UID.
            (3, DialRequest(name: "Fred Sanders", number: "+44 121 496 0000", contact: 1, uid: "sanders")),
            // A name in another case, and a number of the contact written another way.
            (4, DialRequest(name: "Freya Jones", number: "+1 201-555-0123", contact: 2, uid: "jones")),
            (5, DialRequest(number: "+44 20 7946 0000")),
            (1, DialRequest(name: "Voicemail", number: "+44 7700 900999")),
        ] as [(UInt8, DialRequest)])
    func aLongPressOnAnEmptyQueryCallsTheKeysTarget(digit: UInt8, expected: DialRequest) throws {
        var dialing = try Self.dialer()
        dialing.hold(.digit(digit))
        #expect(dialing.dials == [expected])
        #expect(dialing.screen.calling == expected)
        // The digit the press typed is taken back.
        #expect(dialing.query == "")
    }

    @Test func aFollowedSpeedDialShowsTheCall() throws {
        var dialing = try Self.dialer(following: true)
        dialing.hold(.digit(2))
        #expect(dialing.session.hasLiveCall)
        #expect(dialing.screen.callHeadline == "Calling")
    }

    @Test(
        arguments: [
            (8, "no speed dial on 8: t9dial speed-dial set 8 ..."),
            (7, "speed dial 7: no contact \"Nobody Here\""),
            (6, "speed dial 6: Fred Smith has no number \"home\""),
        ] as [(UInt8, String)])
    func aKeyThatCannotCallSaysWhyUntilTheNextKey(digit: UInt8, notice: String) throws {
        var dialing = try Self.dialer()
        dialing.hold(.digit(digit))
        #expect(dialing.dials.isEmpty)
        #expect(dialing.screen.notice == notice)
        #expect(dialing.query == "\(digit)")
        dialing.type("3")
        #expect(dialing.screen.notice == nil)
        #expect(dialing.query == "\(digit)3")
    }

    @Test func withoutAVoicemailNumberALongPressOf1SaysWhereToSetIt() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(1))
        #expect(dialing.dials.isEmpty)
        #expect(dialing.screen.notice == "no voicemail number: set voicemail in [dial]")
    }

    @Test func inMultiTapALongPressStillTypesItsDigit() throws {
        var dialing = try Self.dialer(.multiTap(layout: "latin"))
        dialing.hold(.digit(2))
        #expect(dialing.dials.isEmpty)
        #expect(dialing.query == "2")
    }

    @Test func aLongPressOf0StillGivesPlus() throws {
        var dialing = try Self.dialer()
        dialing.hold(.digit(0))
        #expect(dialing.query == "+")
        #expect(dialing.dials.isEmpty)
    }

    @Test func aLongPressAfterOtherKeysIsNoSpeedDial() throws {
        var dialing = try Self.dialer()
        dialing.type("3")
        dialing.hold(.digit(2))
        #expect(dialing.dials.isEmpty)
        #expect(dialing.query == "32")
        // A tap then a hold of the same key is no speed dial either.
        var again = try Self.dialer()
        again.type("2")
        again.hold(.digit(2))
        #expect(again.dials.isEmpty)
        #expect(again.query == "22")
    }
}
