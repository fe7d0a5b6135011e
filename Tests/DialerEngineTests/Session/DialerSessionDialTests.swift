import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: dialling")
struct DialerSessionDialTests {
    static let smith = DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")

    @Test func poundTappedDialsTheSelectionThenClearsTheQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("3733")
        dialing.tap(.star)
        let pressed = dialing.send(.pressed(.pound), at: dialing.now)
        let released = dialing.send(.tapped(.pound), at: dialing.now + ms(60))
        #expect(pressed.isEmpty)
        let calling = ScreenState(mode: .t9, modeLabel: "T9", calling: Self.smith)
        #expect(released == [.dial(Self.smith), .screen(calling)])
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func enterDialsWhenPressed() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376")
        let pressed = dialing.send(.pressed(.dial), at: dialing.now)
        let released = dialing.send(.tapped(.dial), at: dialing.now + ms(60))
        #expect(pressed.first == .dial(Self.smith))
        #expect(released.isEmpty)
    }

    @Test func poundWithNoMatchesDialsTheTypedNumber() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("4242#")
        #expect(dialing.dials == [DialRequest(number: "4242")])
        #expect(dialing.screen.calling == DialRequest(number: "4242"))
        #expect(dialing.query == "")
    }

    @Test func theTypedNumberKeepsItsPlus() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(0))
        dialing.type("4242#")
        #expect(dialing.dials == [DialRequest(number: "+4242")])
    }

    @Test func aPlusAloneIsNoNumber() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(0))
        dialing.type("#")
        #expect(dialing.dials.isEmpty)
        #expect(dialing.query == "+")
    }

    @Test func poundWithNothingTypedDoesNothing() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("#")
        dialing.press(.dial)
        #expect(dialing.updates.isEmpty)
    }

    @Test func theCallingScreenStaysUntilTheNextKeyWhichThenActs() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.advance(to: dialing.now + ms(60_000))
        #expect(dialing.screen.calling == Self.smith)
        dialing.type("3")
        #expect(dialing.screen.calling == nil)
        #expect(dialing.query == "3")
    }

    @Test func hangUpLeavesTheCallingScreenAndNothingElse() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.press(.hangUp)
        #expect(dialing.screen == ScreenState(mode: .t9, modeLabel: "T9"))
    }

    @Test func hangUpWithoutACallClearsTheQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.press(.hangUp)
        #expect(dialing.query == "")
    }

    @Test func aNumberMatchDialsTheNumberThatMatched() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("121496#")
        #expect(dialing.dials == [DialRequest(name: "Fred Sanders", number: "+44 121 496 0000", contact: 1, uid: "sanders")])
    }
}
