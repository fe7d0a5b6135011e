// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
@testable import DialerKit
import Testing

@Suite("Text display")
struct TextDisplayTests {
    @Test func aT9ScreenShowsTheModeTheQueryAndTheSelection() throws {
        var display = TextDisplay(output: "")
        display.show(try DisplayFixtures.screen("373*"))
        #expect(
            display.output == """
                T9: 373
                  [Fre]d Sanders  +44 121 496 0000
                > [Fre]d Smith  +44 7700 900123
                  [Fre]ya "Fay" Jones  +1 201-555-0123

                """)
    }

    /// On a terminal each step of a long load is shown; into a file or a pipe the loading
    /// screen is written once, and again only when the query changes.
    @Test(arguments: [
        (
            true,
            "T9: 3\n  (searched once the contacts are loaded)\n! Loading contacts… 0%\n"
                + "T9: 3\n  (searched once the contacts are loaded)\n! Loading contacts… 42%\n"
        ),
        (false, "T9: 3\n  (searched once the contacts are loaded)\n! Loading contacts…\n"),
    ])
    func aLoadingBookIsShownWithItsPercentOnATerminal(showsProgress: Bool, expected: String) throws {
        var display = TextDisplay(output: "", showsProgress: showsProgress)
        var screen = try DisplayFixtures.screen("3")
        screen.results = []
        screen.selection = nil
        for percent in [0, 42] {
            screen.loading = percent
            display.show(screen)
        }
        #expect(display.output == expected)
    }

    @Test func theWindowScrollsToTheSelection() throws {
        var display = TextDisplay(output: "", rows: 2)
        display.show(try DisplayFixtures.screen("373**"))
        #expect(
            display.output == """
                T9: 373
                  [Fre]d Smith  +44 7700 900123
                > [Fre]ya "Fay" Jones  +1 201-555-0123
                  (1 more)

                """)
    }

    /// A dialer highlights only the rows its displays show: the window and the count of the
    /// rest are the same as when every result is highlighted.
    @Test(arguments: [("373", 2), ("373*", 2), ("373**", 3), ("373***", 3)])
    func aDialerHighlightingOnlyTheRowsShownShowsTheSame(keys: String, highlighted: Int) throws {
        var every = TextDisplay(output: "", rows: 2)
        every.show(try DisplayFixtures.screen(keys))
        var shown = TextDisplay(output: "", rows: 2)
        let screen = try DisplayFixtures.screen(keys, shownRows: shown.resultRows)
        #expect(screen.results.count == highlighted)
        #expect(screen.resultCount == 3)
        shown.show(screen)
        #expect(shown.output == every.output)
        #expect(shown.output.contains("more)"))
    }

    /// A contact found by name is a row for each number, its label last; a custom label's
    /// control character is shown, never written.
    @Test func eachNumberIsARowWithItsLabel() throws {
        #expect(
            TextDisplay<String>.lines(try DisplayFixtures.labelledScreen("3733*"), rows: 5) == [
                "T9: 3733", "  [Fred] Smith  +44 121 496 0000  home", "> [Fred] Smith  +44 7700 900123  Boat^[",
            ])
    }

    @Test func atLeastOneRowIsShown() throws {
        #expect(
            TextDisplay<String>.lines(try DisplayFixtures.screen("373*"), rows: 0) == [
                "T9: 373", "> [Fre]d Smith  +44 7700 900123", "  (2 more)",
            ])
    }

    @Test func aMultiTapScreenMarksThePendingLetter() throws {
        var display = TextDisplay(output: "")
        display.show(try DisplayFixtures.screen("333", mode: .multiTap(layout: "latin")))
        display.show(try DisplayFixtures.screen("3332", mode: .multiTap(layout: "cyrillic")))
        #expect(
            display.output == """
                abc: <f>
                > [F]red Sanders  +44 121 496 0000
                  [F]red Smith  +44 7700 900123
                  [F]reya "Fay" Jones  +1 201-555-0123
                абв: е<а>
                  no matches

                """)
    }

    @Test func anEmptyScreenIsItsMode() throws {
        var display = TextDisplay(output: "")
        display.show(try DisplayFixtures.screen(""))
        #expect(display.output == "T9:\n")
    }

    @Test func aDialIsOneLineThenTheCallingScreen() throws {
        var display = TextDisplay(output: "")
        display.apply(try DisplayFixtures.updates("373376#", outcome: DialOutcome(.placed, via: "print", number: "+447700900123")))
        display.apply(try DisplayFixtures.updates("4242#", outcome: DialOutcome(.exited(status: 3), via: "mmcli", number: "4242", detail: "no modem\n")))
        #expect(
            display.output == """
                dial: Fred Smith  +44 7700 900123
                dialling Fred Smith  +44 7700 900123
                calling Fred Smith  +44 7700 900123
                dial: 4242
                dialling 4242
                not called: 4242  (Failed: exit 3: no modem)

                """)
    }

    /// A followed call's lines: the call, then the other call, mute and the keys of the call.
    @Test func aCallWaitingIsALineUnderTheCallWithTheKeys() throws {
        var screen = try DisplayFixtures.screen("")
        screen.calling = DialRequest(name: "Fred Smith", number: "+44 7700 900123")
        screen.callProgress = .connected(seconds: 12)
        screen.otherCall = OtherCall(request: DialRequest(name: "Fred Sanders", number: "+44 121 496 0000"), state: .waiting)
        screen.muted = true
        screen.callKeys = "Enter answer  Bksp reject  # held end"
        #expect(
            TextDisplay<String>.lines(screen, rows: 5) == [
                "Connected: Fred Smith  +44 7700 900123", "  Waiting: Fred Sanders", "  Muted", "  keys: Enter answer  Bksp reject  # held end",
            ])
        screen.otherCall?.state = .held
        screen.callProgress = .held(seconds: 12)
        #expect(TextDisplay<String>.lines(screen, rows: 5).prefix(2) == ["On hold: Fred Smith  +44 7700 900123", "  On hold: Fred Sanders"])
    }

    /// A modem's answer and a notice come from outside t9dial: their control characters are
    /// shown, so an answer cannot clear the terminal or add a line.
    @Test func controlCharactersFromOutsideAreShownNotWritten() throws {
        var display = TextDisplay(output: "")
        display.apply(try DisplayFixtures.updates("4242#", outcome: DialOutcome(.modemError("NO CARRIER\u{1B}[2J\r\nOK"), via: "/dev/ttyUSB2", number: "4242")))
        var screen = try DisplayFixtures.screen("")
        screen.notice = "contacts.vcf\u{7}: unreadable"
        display.show(screen)
        #expect(
            display.output == """
                dial: 4242
                dialling 4242
                not called: 4242  (Modem: NO CARRIER^[[2J^M^JOK)
                T9:
                ! contacts.vcf^G: unreadable

                """)
    }
}

@Suite("Text display: the screen's sleep")
struct TextDisplaySleepTests {
    /// Asleep is one line, however often the screen comes; awake, the screen is written again.
    @Test(arguments: [true, false])
    func asleepIsOneLineAndWakingWritesTheScreen(showsProgress: Bool) throws {
        var display = TextDisplay(output: "", showsProgress: showsProgress)
        DisplayFixtures.showAwakeAsleepAwake(try DisplayFixtures.screen("373376"), on: &display)
        let screenText = "T9: 373376\n> [Fred Sm]ith  +44 7700 900123\n"
        #expect(display.output == screenText + "(screen asleep)\n" + screenText)
    }
}
