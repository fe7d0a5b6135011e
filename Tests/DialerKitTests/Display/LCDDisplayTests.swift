// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerConfig
import DialerEngine
import DialerKit
import Foundation
import InputEvents
import ScreenOutput
import ScreenRender
import SystemCalls
import Synchronization
import T9Search
import TestFixtures
import Testing

/// The character display, proven through what the kernel would make of its bytes: each
/// screen is drawn on an `LCDDisplay` whose writes go to a `CharLCDDecoder`, and the decoder's
/// grid is compared with the lines expected on a 16x2 and a 20x4 module.
@Suite("Character LCD display")
struct LCDDisplayTests {
    /// The bytes written, and the decoder they went through.
    final class Rig {
        var writes: [[UInt8]] = []
        var decoder: CharLCDDecoder
        let display: LCDDisplay
        let font: BitmapFont

        init(_ size: String, rom: LCDCharacterROM = .a00, font: BitmapFont? = nil, logger: RecordedLog = RecordedLog()) throws {
            let size = try #require(LCDSize(parsing: size))
            let font = try font ?? LCDFixtures.font()
            self.font = font
            decoder = CharLCDDecoder(width: size.columns, height: size.rows)
            // Weak, or the rig would hold the display that holds the writer that holds the rig.
            weak var sink: Rig? = nil
            display = LCDDisplay(size: size, rom: rom, font: font, logger: logger.logger) { bytes in
                sink?.writes.append(bytes)
                sink?.decoder.feed(bytes)
            }
            sink = self
        }

        func show(_ screen: ScreenState) { display.take(.screen(screen)) }

        /// The grid as text, custom glyphs read back by their dots among `candidates`' letters.
        func lines(_ candidates: String = LCDFixtures.accented, rom: CharLCDDecoder.ROM = .a00) -> [String] {
            decoder.lines(font: font, candidates: candidates, rom: rom)
        }
    }

    @Test(
        "Each screen on 16x2 and 20x4, as the kernel draws it",
        arguments: LCDFixtures.Case.allCases
    )
    func screens(_ testCase: LCDFixtures.Case) throws {
        for (size, expected) in testCase.expected {
            let rig = try Rig(size)
            rig.show(try testCase.screen())
            #expect(rig.lines() == expected, "\(testCase) on \(size)")
            #expect(rig.decoder.displayOn && rig.decoder.backlightOn && !rig.decoder.cursorOn && !rig.decoder.blinkOn)
        }
    }

    @Test func typingKeyByKeyEndsOnTheSameGridAsTheScreenDrawnAtOnce() throws {
        let typed = try Rig("20x4")
        for keys in ["3", "37", "373", "3733"] { typed.show(try DisplayFixtures.screen(keys)) }
        let atOnce = try Rig("20x4")
        atOnce.show(try DisplayFixtures.screen("3733"))
        #expect(typed.lines() == atOnce.lines())
        #expect(typed.lines()[0] == "T9 3733             ")
    }

    @Test func accentedLettersAreCustomGlyphsWithTheFontsDots() throws {
        let rig = try Rig("16x2")
        rig.show(try LCDFixtures.accentedScreen("5673"))
        // José: é is a glyph, defined with the 5x8 font's dots for é.
        let glyphCell = try #require(rig.decoder.memory[1].firstIndex { $0 < 8 })
        let slot = Int(rig.decoder.memory[1][glyphCell])
        #expect(rig.decoder.glyphs[slot] == CharLCDDecoder.dots(of: "é", in: rig.font))
        #expect(rig.lines()[1].hasPrefix(">José"))
    }

    @Test func pastEightLettersTheRestFoldToTheirBaseLetter() throws {
        var screen = try LCDFixtures.accentedScreen("")
        // Ten letters the ROM lacks, in a line of the call screen.
        screen.calling = DialRequest(name: "ÀÁÂÃÄÅÈÉÊË", number: "+33 1 23 45 67 89")
        screen.callProgress = .ringing
        let rig = try Rig("20x4")
        rig.show(screen)
        // The name's line: eight glyphs, each with its letter's dots (some look alike in 5x8,
        // so the dots are compared, not the letters read back), then E and E folded.
        let line = rig.decoder.memory[1]
        #expect(line[0..<5].allSatisfy { $0 == 0x20 })
        for (offset, letter) in "ÀÁÂÃÄÅÈÉ".enumerated() {
            let code = Int(line[5 + offset])
            #expect(code < 8 && rig.decoder.glyphs[code] == CharLCDDecoder.dots(of: letter, in: rig.font), "\(letter)")
        }
        #expect(Array(line[13..<15]) == Array("EE".utf8))
        #expect(Set(rig.decoder.memory.joined().filter { $0 < 8 }).count == 8)
    }

    /// An A02 module has the Latin-1 letters in its ROM: they are written by their code, and
    /// only the letters it lacks (Ø, whose code shows Φ there; Ł; Cyrillic small letters) take
    /// custom glyphs.
    @Test func onAnA02ModuleLatin1LettersAreROMCharacters() throws {
        var screen = try LCDFixtures.accentedScreen("")
        screen.calling = DialRequest(name: "ÀÉÑüß Ødegård Łó", number: "+47 912 34 567")
        screen.callProgress = .ringing
        let rig = try Rig("20x4", rom: .a02)
        rig.show(screen)
        let name = rig.decoder.memory[1]
        #expect(Array(name[2..<7]) == [0xC0, 0xC9, 0xD1, 0xFC, 0xDF])
        #expect(rig.lines(rom: .a02)[1] == "  ÀÉÑüß Ødegård Łó  ")
        // Ø and Ł are the only glyphs defined; the A00 would have needed eight, and folded.
        #expect(Set(rig.decoder.memory.joined().filter { $0 < 8 }).count == 2)
        let a00 = try Rig("20x4")
        a00.show(screen)
        #expect(Set(a00.decoder.memory.joined().filter { $0 < 8 }).count == 8)
    }

    @Test func glyphsStayInTheirSlotsWhileTheyAreShown() throws {
        let rig = try Rig("20x4")
        rig.show(try LCDFixtures.accentedScreen("7"))
        let slotsBefore = rig.decoder.glyphs
        let writesBefore = rig.writes.count
        // A key that changes only the query line defines no glyph again.
        rig.show(try LCDFixtures.accentedScreen("7", selection: 1))
        let written = rig.writes[writesBefore...].joined()
        #expect(!String(decoding: written, as: UTF8.self).contains("\u{1B}[LG"))
        #expect(rig.decoder.glyphs == slotsBefore)
    }

    @Test func nothingIsWrittenWhenNothingChanged() throws {
        let rig = try Rig("16x2")
        let screen = try DisplayFixtures.screen("3733")
        rig.show(screen)
        let count = rig.writes.count
        rig.show(screen)
        // The status line and the call clock are not on this screen: a change there shows nothing.
        var same = screen
        same.status = StatusLine(clock: "14:02")
        rig.show(same)
        #expect(rig.writes.count == count)
    }

    @Test func onlyTheChangedCellsOfTheChangedLineAreWritten() throws {
        let rig = try Rig("16x2")
        var screen = try LCDFixtures.accentedScreen("")
        screen.calling = DialRequest(name: "Fred Smith", number: "+44 7700 900123")
        screen.callProgress = .connected(seconds: 41)
        rig.show(screen)
        #expect(rig.lines() == [" Connected 0:41 ", "   Fred Smith   "])
        screen.callProgress = .connected(seconds: 42)
        rig.show(screen)
        // The cursor to the clock's last digit, and the digit.
        #expect(rig.writes.last == Array("\u{1B}[Lx14y0;2".utf8))
        #expect(rig.lines() == [" Connected 0:42 ", "   Fred Smith   "])
    }

    @Test func asleepTheBacklightAndTheDisplayAreOffAndNothingIsDrawn() throws {
        let rig = try Rig("16x2")
        var screen = try DisplayFixtures.screen("3733")
        rig.show(screen)
        #expect(rig.decoder.backlightOn && rig.decoder.displayOn)
        screen.asleep = true
        rig.show(screen)
        #expect(!rig.decoder.backlightOn && !rig.decoder.displayOn)
        #expect(rig.writes.last == Array("\u{1B}[L-\u{1B}[Ld".utf8))
        // A screen that comes while asleep is drawn when it wakes.
        var next = try DisplayFixtures.screen("37")
        next.asleep = true
        rig.show(next)
        #expect(rig.lines()[0] == "T9 3733         ")
        next.asleep = false
        rig.show(next)
        #expect(rig.decoder.backlightOn && rig.decoder.displayOn)
        #expect(rig.lines()[0] == "T9 37           ")
    }

    @Test func aFailedWriteIsSaidOnceAndTheDisplayIsDrawnWholeOnceWritesWork() throws {
        let log = RecordedLog()
        var failing = true
        var decoder = CharLCDDecoder(width: 16, height: 2)
        let display = LCDDisplay(size: .sixteenByTwo, font: try LCDFixtures.font(), logger: log.logger) { (bytes: [UInt8]) throws(CharacterLCDError) in
            if failing { throw CharacterLCDError(path: "/dev/lcd", reason: .system(.write, Errno(ENODEV))) }
            decoder.feed(bytes)
        }
        for keys in ["3", "37", "373"] { display.take(.screen(try DisplayFixtures.screen(keys))) }
        #expect(
            log.lines == [
                "error: /dev/lcd went away while t9dial wrote to it (ENODEV): is the display still wired and its driver loaded?; the dialer goes on without it"
            ])
        failing = false
        display.take(.screen(try DisplayFixtures.screen("3733")))
        #expect(log.lines.last == "notice: the character display is written again")
        // Cleared and drawn whole: the grid is the screen's, not a diff against a lost one.
        #expect(decoder.lines()[0] == "T9 3733         ")
    }

    @Test func aDeviceThatFailsEveryWriteLeavesTheDialerRunning() throws {
        let log = RecordedLog()
        let display = try LCDDisplay(device: "/dev/full", size: .sixteenByTwo, font: nil, logger: log.logger)
        for keys in ["3", "37", "373", "3733"] {
            display.take(.screen(try DisplayFixtures.screen(keys)))
            display.waitUntilWritten()
        }
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasPrefix("error: writing to /dev/full failed") == true)
        display.restore()
    }

    /// The device's bytes go through a thread of their own, in order: the grid is the same as
    /// when they are written at once, and a failure there is said once, then mended.
    @Test func onTheirOwnThreadTheBytesComeInOrderAndAFailureIsMended() throws {
        let kernel = ThreadedKernel(width: 20, height: 4)
        let log = RecordedLog()
        let display = try LCDDisplay.writingOnAThread(size: LCDSize(columns: 20, rows: 4)!, font: try LCDFixtures.font(), logger: log.logger) {
            bytes throws(CharacterLCDError) in try kernel.write(bytes)
        }
        for keys in ["3", "37", "373", "3733"] { display.take(.screen(try DisplayFixtures.screen(keys))) }
        display.waitUntilWritten()
        #expect(kernel.lines[0...1] == ["T9 3733             ", ">Fred Sanders       "])
        kernel.failing = true
        display.take(.screen(try DisplayFixtures.screen("373")))
        display.waitUntilWritten()
        display.take(.screen(try DisplayFixtures.screen("37")))
        display.waitUntilWritten()
        #expect(log.lines.count == 1 && log.lines.first?.contains("(ENODEV)") == true, "\(log.lines)")
        kernel.failing = false
        display.take(.screen(try DisplayFixtures.screen("3")))
        display.waitUntilWritten()
        #expect(kernel.lines[0] == "T9 3                ")
        #expect(log.lines.last == "notice: the character display is written again")
        display.restore()
        #expect(kernel.lines[0] == "                    " && !kernel.backlightOn)
    }

    @Test func aDeviceThatCannotBeOpenedIsARunError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-lcd-\(UUID().uuidString)").path
        do {
            _ = try LCDDisplay(device: folder + "/lcd", size: .sixteenByTwo, font: nil, logger: RecordedLog().logger)
            Issue.record("a missing display opened")
        } catch {
            #expect(error.description.hasPrefix("no character display at \(folder)/lcd (ENOENT)"))
        }
    }

    @Test func theMultiTapLetterStillBeingChosenIsUnderlinedByTheCursor() throws {
        let rig = try Rig("16x2")
        rig.show(try DisplayFixtures.screen("333", mode: .multiTap(layout: "latin")))
        #expect(rig.lines()[0] == "abc f           ")
        #expect(rig.decoder.cursorOn && rig.decoder.x == 4 && rig.decoder.y == 0)
        rig.show(try DisplayFixtures.screen("3334", mode: .multiTap(layout: "latin")))
        #expect(rig.lines()[0] == "abc fg          ")
        #expect(rig.decoder.cursorOn && rig.decoder.x == 5 && rig.decoder.y == 0)
        // The same screen again writes nothing, the cursor included.
        let count = rig.writes.count
        rig.show(try DisplayFixtures.screen("3334", mode: .multiTap(layout: "latin")))
        #expect(rig.writes.count == count)
        rig.show(try DisplayFixtures.screen("3733"))
        #expect(!rig.decoder.cursorOn)
    }

    @Test func theBooksLoadingKeepsItsPercentageOnSixteenColumns() throws {
        var screen = try DisplayFixtures.screen("")
        screen.loading = 42
        let narrow = try Rig("16x2")
        narrow.show(screen)
        #expect(narrow.lines() == ["T9              ", "Loading 42%     "])
        let wide = try Rig("40x2")
        wide.show(screen)
        #expect(wide.lines()[1] == "Loading contacts... 42%                 ")
    }

    @Test func asTheRunStopsTheDisplayIsClearedAndDark() throws {
        let rig = try Rig("16x2")
        rig.show(try DisplayFixtures.screen("3733"))
        DisplayGroup([rig.display]).restore()
        #expect(rig.lines() == ["                ", "                "])
        #expect(!rig.decoder.backlightOn)
    }

    @Test func theResultRowsAreTheLinesUnderTheQuery() throws {
        #expect(try Rig("16x2").display.resultRows == 1)
        #expect(try Rig("20x4").display.resultRows == 3)
    }

    @Test func withoutTheFontEveryLetterFolds() throws {
        var decoder = CharLCDDecoder(width: 16, height: 2)
        let display = LCDDisplay(size: .sixteenByTwo, font: nil, logger: RecordedLog().logger) { decoder.feed($0) }
        display.take(.screen(try LCDFixtures.accentedScreen("5673")))
        #expect(decoder.lines()[1].hasPrefix(">Jose"))
    }

    @Test func thePictureShowsTheCellsAsDots() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let path = directory + "/lcd.png"
            let display = try LCDDisplay(device: nil, size: .sixteenByTwo, font: try LCDFixtures.font(), logger: RecordedLog().logger, pngPaths: [path])
            display.take(.screen(try DisplayFixtures.screen("3733")))
            let picture = try PNGFile.read(path)
            let size = CharacterLCDScreen.pictureSize(columns: 16, rows: 2)
            #expect(picture.width == size.width && picture.height == size.height)
            // The first cell is T, dot for dot as the 5x8 font draws it: 3 px a dot, after a
            // border of 3 dots; the unlit dots are there, faintly.
            let font = try LCDFixtures.font()
            let glyph = try #require(font.glyph(for: "T"))
            var litDots = 0
            for y in 0..<8 {
                for x in 0..<5 {
                    let colour = picture[9 + x * 3, 9 + y * 3]
                    #expect(colour == (glyph.isSet(x, y) ? CharacterLCDScreen.litDotColor : CharacterLCDScreen.unlitDotColor))
                    if glyph.isSet(x, y) { litDots += 1 }
                }
            }
            #expect(litDots > 5)
            #expect(picture[0, 0] == CharacterLCDScreen.backlightColor)
        }
    }
}

/// A decoder fed from the writing thread, and a switch that makes its writes fail.
final class ThreadedKernel: Sendable {
    private let state: Mutex<(decoder: CharLCDDecoder, failing: Bool)>

    init(width: Int, height: Int) {
        state = Mutex((CharLCDDecoder(width: width, height: height), false))
    }

    var failing: Bool {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }

    var lines: [String] { state.withLock { $0.decoder.lines() } }
    var backlightOn: Bool { state.withLock { $0.decoder.backlightOn } }

    func write(_ bytes: [UInt8]) throws(CharacterLCDError) {
        let failing = state.withLock { $0.failing }
        if failing { throw CharacterLCDError(path: "/dev/lcd", reason: .system(.write, Errno(ENODEV))) }
        state.withLock { $0.decoder.feed(bytes) }
    }
}

/// Contacts and screens with accented names, and the expected grids.
enum LCDFixtures {
    static let accented = "éÉèáàíóúñçëöüšćžłØåÓŁ"

    static func font() throws -> BitmapFont {
        let path = TestFiles.dataDirectory + "/fonts/t9dial-5x8.psf"
        return try BitmapFont.parse(try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
    }

    static let index = Fixtures.index([
        SearchableContact(names: [NameField("José Núñez", kind: .displayName)], numbers: ["+34 600 123 456"], uid: "jose"),
        SearchableContact(names: [NameField("Renée Ødegård", kind: .displayName)], numbers: ["+47 912 34 567"], uid: "renee"),
        SearchableContact(names: [NameField("Siobhán Ó Súilleabháin", kind: .displayName)], numbers: ["+353 1 234 5678"], uid: "siobhan"),
    ])

    /// The screen after `keys` typed over the accented contacts; `selection` moves it down.
    static func accentedScreen(_ keys: String, selection: Int = 0) throws -> ScreenState {
        let session = try DialerSession(index: index)
        var time: Microseconds = 0
        for key in keys {
            let role = KeyRole.digit(UInt8(key.wholeNumberValue!))
            _ = session.handle(TimedGesture(time: time, gesture: .pressed(role)))
            _ = session.handle(TimedGesture(time: time + 50_000, gesture: .tapped(role)))
            time += 100_000
        }
        var screen = session.screen
        if selection > 0, screen.results.count > selection { screen.selection = selection }
        return screen
    }

    enum Case: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case idle, typing, labels, accents, noMatch, call, callWithDetails, callLog

        var testDescription: String { rawValue }

        func screen() throws -> ScreenState {
            switch self {
            case .idle:
                var screen = try DisplayFixtures.screen("")
                screen.status = StatusLine(clock: "14:02", missedCalls: 2, battery: StatusLine.Battery(percent: 87, charging: false))
                return screen
            case .typing: return try DisplayFixtures.screen("3733")
            case .labels: return try DisplayFixtures.labelledScreen("3733")
            case .accents: return try accentedScreen("7")
            case .noMatch: return try DisplayFixtures.screen("999")
            case .call:
                var screen = try DisplayFixtures.screen("")
                screen.calling = DialRequest(name: "Siobhán Ó Súilleabháin", number: "+353 1 234 5678")
                screen.callProgress = .connected(seconds: 62)
                return screen
            case .callWithDetails:
                var screen = try DisplayFixtures.screen("")
                screen.calling = DialRequest(name: "Fred Smith", number: "+44 7700 900123")
                screen.callProgress = .connected(seconds: 5)
                screen.muted = true
                screen.otherCall = OtherCall(request: DialRequest(name: "Renée Ødegård", number: "+47 912 34 567"), state: .waiting)
                return screen
            case .callLog:
                var screen = try DisplayFixtures.screen("")
                screen.callLog = CallLogScreen(
                    rows: [
                        CallLogRow(name: "José Núñez", number: "+34 600 123 456", direction: .outgoing, outcome: "placed", when: "14:02"),
                        CallLogRow(name: nil, number: "+44 7700 900456", direction: .incoming, outcome: "missed", when: "Mon"),
                    ], selection: 0)
                return screen
            }
        }

        /// The lines of each size, as the kernel shows them.
        var expected: [(String, [String])] {
            switch self {
            case .idle:
                [
                    ("16x2", ["T9              ", "14:02 ←2     87%"]),
                    ("20x4", ["T9                  ", "14:02 2 missed   87%", "                    ", "                    "]),
                ]
            case .typing:
                [
                    ("16x2", ["T9 3733         ", ">Fred Sanders   "]),
                    ("20x4", ["T9 3733             ", ">Fred Sanders       ", " Fred Smith         ", "                    "]),
                ]
            case .labels:
                [
                    ("16x2", ["T9 3733         ", ">Fred Smith home"]),
                    ("20x4", ["T9 3733             ", ">Fred Smith     home", " Fred Smith     Boat", "                    "]),
                ]
            case .accents:
                [
                    ("16x2", ["T9 7            ", ">Renée Ødegård  "]),
                    ("20x4", ["T9 7                ", ">Renée Ødegård      ", " Siobhán Ó Súilleabh", "                    "]),
                ]
            case .noMatch:
                [
                    ("16x2", ["T9 999          ", " no matches     "]),
                    ("20x4", ["T9 999              ", " no matches         ", "                    ", "                    "]),
                ]
            case .call:
                [
                    ("16x2", [" Connected 1:02 ", "Siobhán Ó Súille"]),
                    ("20x4", ["   Connected 1:02   ", "Siobhán Ó Súilleabhá", "  +353 1 234 5678   ", "                    "]),
                ]
            case .callWithDetails:
                [
                    ("16x2", [" Connected 0:05 ", "   Fred Smith   "]),
                    ("20x4", ["   Connected 0:05   ", "     Fred Smith     ", "Waiting: Renée Ødegå", "       Muted        "]),
                ]
            case .callLog:
                [
                    ("16x2", ["Calls        1/2", ">→José Núñ 14:02"]),
                    ("20x4", ["Calls            1/2", ">→José Núñez   14:02", " ←+44 7700 90045 Mon", "                    "]),
                ]
            }
        }
    }
}
