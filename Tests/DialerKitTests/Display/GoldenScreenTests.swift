// SPDX-License-Identifier: Apache-2.0

// Golden-image tests of the dialer's screen: real screens from a real `DialerSession` over the
// sample book, painted with the built-in font, packed for a framebuffer of each preset depth,
// unpacked again (so the picture is what the panel gets after quantisation) and compared pixel
// by pixel with the PNGs committed in `Tests/DialerKitTests/Golden/`.
//
// To (re)write the goldens after an intended change to the screen, run
//
//     T9DIAL_UPDATE_GOLDENS=1 swift test --filter GoldenScreen
//
// then look at every changed PNG before committing it. On a mismatch the picture drawn is
// written as `<golden name>.actual.png` in a temporary folder whose path the failure gives.
import DialOutcomes
import ContactBook
import DialerConfig
import DialerEngine
import DialerKit
import Foundation
import ScreenOutput
import ScreenRender
import T9Search
import TestFixtures
import Testing
import InputEvents

@Suite struct GoldenScreenTests {
    /// The three screens t9dial is made for: an SSD1306 OLED, an SPI TFT, an HDMI console.
    static let screens = ["128x64x1", "320x240x16", "640x480x32"]

    // MARK: Goldens

    @Test(arguments: GoldenScreen.allCases, screens)
    func matchesGolden(_ screen: GoldenScreen, _ option: String) throws {
        let option = try ScreenOption(parsing: option)
        let state = try screen.state()
        let shown = try GoldenImage.shown(state, on: option)
        try GoldenImage.compare(shown.picture, golden: "\(screen.rawValue)-\(GoldenImage.name(option))", format: shown.pngFormat)
    }

    /// A panel mounted sideways: the 320x240 query screen turned 90 degrees clockwise onto a
    /// 240x320 panel, compared as the panel's own rows show it.
    @Test func rotatedQueryMatchesGolden() throws {
        let option = try ScreenOption(parsing: "320x240x16")
        let shown = try GoldenImage.shown(try GoldenScreen.query.state(), on: option, rotation: .clockwise90)
        #expect(shown.picture.width == 240 && shown.picture.height == 320)
        try GoldenImage.compare(shown.picture, golden: "query-rot90-240x320x16", format: shown.pngFormat)
    }

    // MARK: Facts that hold whatever the goldens say

    /// 128x64 with the 8x16 font: the query row and exactly three results, the second one
    /// marked with ">" (the query screen has the selection moved once).
    @Test func oledShowsQueryAndThreeResults() throws {
        let option = try ScreenOption(parsing: "128x64x1")
        let state = try GoldenScreen.query.state()
        let painter = try GoldenImage.painter(depth: option.format.bitsPerPixel)
        #expect(painter.resultRows(height: 64) == 3)
        #expect(state.results.count > 3, "the query screen must have more results than fit")
        #expect(state.selection == 1)

        let picture = try GoldenImage.shown(state, on: option).picture
        let lit = { (x: Range<Int>, band: Int) in GoldenImage.lit(picture, x: x, y: (band * 16)..<(band * 16 + 16)) }
        for band in 0..<4 {
            #expect(lit(8..<128, band), "text row \(band) is empty")
        }
        // The marker column is lit only on the selected result's row.
        #expect(!lit(0..<8, 1))
        #expect(lit(0..<8, 2))
        #expect(!lit(0..<8, 3))
    }

    /// 320x240 holds at least eight results, and shows as many as the query found up to that.
    @Test func tftShowsAtLeastEightResults() throws {
        let option = try ScreenOption(parsing: "320x240x16")
        let painter = try GoldenImage.painter(depth: option.format.bitsPerPixel)
        let rows = painter.resultRows(height: 240)
        #expect(rows >= 8)

        let state = try GoldenScreen.query.state()
        let picture = try GoldenImage.shown(state, on: option).picture
        let background = GoldenImage.quantized(painter.theme.background, option)
        let filled = (1...rows).filter { band in
            (band * 16..<(band * 16 + 16)).contains { y in (8..<320).contains { x in picture[x, y] != background } }
        }
        #expect(filled == Array(1...min(rows, state.results.count)))
    }

    /// The long-name screens really exercise the cut: the Greek name is wider than 128 px and
    /// the added one wider than 640 px (the goldens show where the ellipsis goes).
    @Test(arguments: [(GoldenScreen.greek, "128x64x1"), (.longName, "640x480x32")])
    func longNameIsWiderThanTheScreen(_ screen: GoldenScreen, _ option: String) throws {
        let option = try ScreenOption(parsing: option)
        let painter = try GoldenImage.painter(depth: option.format.bitsPerPixel)
        let selected = try #require(try screen.state().selectedResult)
        #expect(painter.font.width(of: selected.name) > option.size.width)
        #expect(painter.font.fit(selected.name, width: option.size.width).cut)
    }

    /// 3733 on the sample book: Fred Smith's two numbers, each a row ending in its label, the
    /// mobile first. The label is checked by its glyphs at the row's right end: the word on the
    /// TFT, four letters at most on the OLED, whose name is cut to leave it room.
    @Test(arguments: [("128x64x1", ["mob", "home"]), ("320x240x16", ["mobile", "home"])])
    func numberRowsEndInTheirLabels(_ option: String, _ labels: [String]) throws {
        let option = try ScreenOption(parsing: option)
        let state = try GoldenScreen.numbers.state()
        #expect(state.results.map(\.name) == ["Fred Smith", "Fred Smith"])
        #expect(state.results.map(\.number) == ["+44 7700 900123", "+44 121 496 0000"])
        #expect(state.results.map(\.label.word) == ["mobile", "home"])
        let painter = try GoldenImage.painter(depth: option.format.bitsPerPixel)
        let picture = try GoldenImage.shown(state, on: option).picture
        for (row, label) in labels.enumerated() {
            #expect(GoldenImage.shows(label, in: picture, row: row + 1, rightAligned: true, font: painter.font), "row \(row + 1): \(label)")
        }
        // The other label is not there: the check can fail.
        #expect(!GoldenImage.shows(labels[1], in: picture, row: 1, rightAligned: true, font: painter.font))
    }

    /// The calling screen has no query row: only the centred "Calling", name and number.
    @Test func callingScreenShowsTheCall() throws {
        let state = try GoldenScreen.calling.state()
        let call = try #require(state.calling)
        #expect(call.name == "William John Smith")
        #expect(state.query.isEmpty)
    }
}

/// The screens the goldens show, each typed on a fresh dialer as a user would.
enum GoldenScreen: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// T9 "3": several names and numbers with their matched letters highlighted, and `*`
    /// tapped once so the second result is selected.
    case query
    /// T9 4524 finds "Исай Логинов".
    case cyrillic
    /// T9 7272 finds "Αλέξανδρος Παπαδόπουλος", too long for 128 px.
    case greek
    /// T9 9268 finds a contact added to the sample book whose name is too long even at 640 px.
    case longName = "long-name"
    /// 957 then `#`: calling William John Smith (too long for 128 px, so cut there too).
    case calling
    /// Connected to Fred Smith, who called, with José Núñez waiting, and the keys of a
    /// numpad on the help line.
    case waiting
    /// T9 3733 finds Fred Smith by name: a row for each of his numbers, labelled.
    case numbers

    var keys: String {
        switch self {
        case .query: "3*"
        case .cyrillic: "4524"
        case .greek: "7272"
        case .longName: "9268"
        case .calling: "957#"
        case .waiting: ""
        case .numbers: "3733"
        }
    }

    var testDescription: String { rawValue }

    /// The screen after typing `keys` on a dialer over the sample book; a dial is placed.
    func state() throws -> ScreenState {
        let index = self == .longName ? try GoldenBook.withLongName : try GoldenBook.sample
        let session = try DialerSession(index: index)
        if self == .waiting {
            session.followsCalls = true
            session.keyLabels = [.dial: "Enter", .delete: "Bksp"]
            _ = session.incomingCall(number: "+447700900123", networkName: nil, at: 1_000_000)
            _ = session.callChanged(.connected, at: 2_000_000)
            _ = session.waitingCall(LineCallID("2"), number: "+34612345678", networkName: nil, at: 64_000_000)
            return session.screen
        }
        let screen = GoldenBook.type(keys, on: session)
        guard let call = screen.calling else { return screen }
        _ = session.dialFinished(call, DialOutcome(.placed, via: "print", number: call.number))
        return session.screen
    }
}

/// The sample book, loaded and indexed the way `t9dial` loads a book.
enum GoldenBook {
    /// A name longer than 640 px of 8-pixel letters, so even the widest screen cuts it.
    static let longName = "Xanthippe Maximiliana Theodora Wilhelmina Fitzgerald-Worthington of Kensington and Chelsea"

    static var sample: SearchIndex {
        get throws { try load(extra: []) }
    }

    static var withLongName: SearchIndex {
        get throws {
            let card = TestFiles.card(uid: "long-name", name: longName, numbers: ["+44 20 7946 0000"])
            return try load(extra: ContactImporter.parse(vCard: Array(card.utf8), file: "long-name.vcf").contacts)
        }
    }

    private static func load(extra: [Contact]) throws -> SearchIndex {
        var table = ContactTable()
        _ = try ContactImporter.read(path: TestFiles.sampleContacts) { table.append($0.searchable) }
        for contact in extra { table.append(contact.searchable) }
        let layouts = try LayoutCatalog.load(dataDirectory: TestFiles.dataDirectory).layouts
        return SearchIndex(table: table, alphabet: T9Alphabet(layouts: layouts))
    }

    /// Taps each key of `keys` (digits, `*`, `#`) as a keypad reports it, a press then its
    /// tap, 300 ms apart, and gives the screen the session shows at the end.
    static func type(_ keys: String, on session: DialerSession) -> ScreenState {
        var time: Microseconds = 1_000_000
        for key in keys {
            let role: KeyRole = key == "*" ? .star : key == "#" ? .pound : .digit(UInt8(key.wholeNumberValue!))
            _ = session.handle(TimedGesture(time: time, gesture: .pressed(role)))
            _ = session.handle(TimedGesture(time: time + 80_000, gesture: .tapped(role)))
            time += 300_000
        }
        return session.screen
    }
}

/// Painting, packing and comparing pictures with the goldens.
enum GoldenImage {
    /// Where the goldens are committed.
    static let folder = TestFiles.repositoryRoot + "/Tests/DialerKitTests/Golden"
    /// Where a mismatching picture is written for a look.
    static let actualFolder = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-golden-actual").path
    /// `T9DIAL_UPDATE_GOLDENS=1` rewrites the goldens instead of comparing.
    static let updating = ProcessInfo.processInfo.environment["T9DIAL_UPDATE_GOLDENS"] == "1"

    /// `128x64x1`.
    static func name(_ option: ScreenOption) -> String { "\(option.size)x\(option.format.bitsPerPixel)" }

    /// The painter t9dial uses for a screen of `depth` bits: the built-in font and the status
    /// line's small one, the depth's theme.
    static func painter(depth: Int) throws -> ScreenPainter {
        ScreenPainter(font: try font("t9dial-8x16.psf"), theme: .forDepth(depth), smallFont: try font("t9dial-5x8.psf"))
    }

    /// The font `name` of `Config/fonts`.
    static func font(_ name: String) throws -> BitmapFont {
        let path = TestFiles.dataDirectory + "/fonts/" + name
        return try BitmapFont.parse(try Data(contentsOf: URL(fileURLWithPath: path)), name: name)
    }

    /// `state` as a panel of `option` shows it: painted at the logical size, packed into a
    /// frame, and read back. Under a rotation the picture is the physical panel, row by row.
    static func shown(_ state: ScreenState, on option: ScreenOption, rotation: Rotation = .upright) throws -> (picture: Canvas, pngFormat: PNGFormat) {
        let painter = try painter(depth: option.format.bitsPerPixel)
        let packer = try FramePacker(format: option.format, logicalSize: option.size, rotation: rotation)
        let canvas = painter.paint(state, width: option.size.width, height: option.size.height)
        var frame = [UInt8](repeating: 0, count: packer.frameBytes)
        try frame.withUnsafeMutableBytes { try packer.pack(canvas, into: $0) }
        // The same bytes read as an upright panel give the picture as the panel holds it.
        let reader = try FramePacker(format: option.format, physicalSize: packer.physicalSize)
        let picture = try frame.withUnsafeBytes { try reader.unpack($0) }
        return (picture, option.format.bitsPerPixel == 1 ? .mono1 : .rgb)
    }

    /// `color` as a panel of `option` shows it.
    static func quantized(_ color: Color, _ option: ScreenOption) -> Color {
        (try? FramePacker(format: option.format, logicalSize: option.size))?.quantized(color) ?? color
    }

    /// Whether row `row` (of the font's height) shows `text` at its right end (or from its left
    /// edge after the marker column): each pixel there is ink, unlike the row's background at
    /// the text's left, exactly where the font draws `text`'s glyphs.
    static func shows(_ text: String, in picture: Canvas, row: Int, rightAligned: Bool, font: BitmapFont) -> Bool {
        let width = font.width(of: text)
        let left = rightAligned ? picture.width - width : font.width
        var drawn = Canvas(width: width, height: font.height, background: .black)
        _ = drawn.draw(text, font: font, at: 0, y: 0, color: .white)
        let top = row * font.height
        let background = picture[left - 1, top]
        return (0..<font.height).allSatisfy { y in
            (0..<width).allSatisfy { x in (picture[left + x, top + y] != background) == (drawn[x, y] != .black) }
        }
    }

    /// Whether any pixel in the block is not black.
    static func lit(_ canvas: Canvas, x: Range<Int>, y: Range<Int>) -> Bool {
        y.contains { row in x.contains { canvas[$0, row] != .black } }
    }

    /// Compares `picture` with the golden `name`.png pixel by pixel, or writes it when updating.
    static func compare(_ picture: Canvas, golden name: String, format: PNGFormat, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let path = folder + "/\(name).png"
        if updating {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try PNGFile.write(picture, to: path, format: format)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("no golden \(path); run with T9DIAL_UPDATE_GOLDENS=1 to write it", sourceLocation: sourceLocation)
            return
        }
        let golden = try PNGFile.read(path)
        guard let difference = firstDifference(golden, picture) else { return }
        try FileManager.default.createDirectory(atPath: actualFolder, withIntermediateDirectories: true)
        let actual = actualFolder + "/\(name).actual.png"
        try PNGFile.write(picture, to: actual, format: format)
        Issue.record("\(name): \(difference); the picture drawn is \(actual)", sourceLocation: sourceLocation)
    }

    /// Where two pictures first differ, in words; nil when they are the same.
    static func firstDifference(_ expected: Canvas, _ actual: Canvas) -> String? {
        guard expected.width == actual.width, expected.height == actual.height else {
            return "the golden is \(expected.width)x\(expected.height), the picture \(actual.width)x\(actual.height)"
        }
        let differing = expected.pixels.indices.filter { expected.pixels[$0] != actual.pixels[$0] }
        guard let offset = differing.first else { return nil }
        let count = differing.count
        let (x, y) = (offset % actual.width, offset / actual.width)
        return "\(count) pixels differ, the first at (\(x), \(y)): golden \(expected.pixels[offset]), drawn \(actual.pixels[offset])"
    }
}
