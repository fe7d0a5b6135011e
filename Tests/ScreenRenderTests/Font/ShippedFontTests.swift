// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import ScreenRender

/// The built-in font, `Config/fonts/t9dial-8x16.psf`, and (when installed) a console font.
@Suite struct ShippedFontTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func builtIn() throws -> BitmapFont {
        let url = repository.appendingPathComponent("Config/fonts/t9dial-8x16.psf")
        return try BitmapFont.parse(try Data(contentsOf: url), name: url.lastPathComponent)
    }

    @Test func isAn8x16FontWithATable() throws {
        let font = try Self.builtIn()
        #expect(font.width == 8 && font.height == 16 && font.hasUnicodeTable)
        #expect(font.ellipsis == "\u{2026}")
        #expect(font.replacementGlyph == font.glyph(for: "\u{FFFD}"))
    }

    /// The letters of every layout in `Config/layouts`, the markers the screen draws, and the
    /// brief's samples: each has a glyph of its own with ink.
    @Test(arguments: [
        "A", "ж", "Ω", "é", "\u{2026}", "\u{FFFD}", "►", ">", "?",
        "ßæçéðøþĳĸłŋœſŁŒŸ",
        "абвгдежзийклмнопрстуфхцчшщъыьэюяёђѓєѕіїјљњћќѝўџґ",
        "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЁЂЃЄЅІЇЈЉЊЋЌЍЎЏҐ",
        "αβγδεζηθικλμνξοπρςστυφχψωάέήίόύώΐΰϊϋ",
        "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫ",
    ])
    func hasVisibleGlyphsFor(_ letters: String) throws {
        let font = try Self.builtIn()
        for scalar in letters.unicodeScalars {
            let glyph = font.glyph(for: scalar)
            #expect(glyph?.isVisible == true, "no glyph with ink for U+\(String(scalar.value, radix: 16, uppercase: true)) \(scalar)")
        }
        #expect(font.glyph(for: " ")?.isVisible == false)
    }

    @Test func aScalarItLacksDrawsTheReplacement() throws {
        let font = try Self.builtIn()
        #expect(font.glyph(for: "周") == nil)
        var canvas = Canvas(width: 8, height: 16)
        #expect(canvas.draw("周", font: font, at: 0, y: 0, color: .white) == 8)
        let lit = canvas.pixels.filter { $0 == .white }.count
        #expect(lit > 0)
        let expected = (0..<16).flatMap { y in (0..<8).map { x in font.replacementGlyph.isSet(x, y) } }.filter { $0 }.count
        #expect(lit == expected)
    }

    @Test func decomposedAccentsDrawThePrecomposedLetter() throws {
        let font = try Self.builtIn()
        var composed = Canvas(width: 8, height: 16), precomposed = Canvas(width: 8, height: 16)
        composed.draw("e\u{301}", font: font, at: 0, y: 0, color: .white)
        precomposed.draw("\u{E9}", font: font, at: 0, y: 0, color: .white)
        #expect(composed == precomposed)
        #expect(font.xOffsets(of: "Jose\u{301} Ана") == [0, 8, 16, 24, 32, 32, 40, 48, 56, 64])
    }

    static let terminus = "/usr/share/consolefonts/Uni2-Terminus16.psf.gz"

    /// A real PSF1 console font with a Unicode table, when console-setup-linux is installed.
    /// The tests above do not need it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: terminus), "\(terminus) is not installed (apt-get install console-setup-linux)"))
    func readsUni2Terminus16() throws {
        let gunzipped = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-terminus-\(UUID().uuidString).psf")
        defer { try? FileManager.default.removeItem(at: gunzipped) }
        _ = FileManager.default.createFile(atPath: gunzipped.path, contents: nil)
        let output = try FileHandle(forWritingTo: gunzipped)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", Self.terminus]
        gzip.standardOutput = output
        try gzip.run()
        gzip.waitUntilExit()
        try output.close()
        try #require(gzip.terminationStatus == 0, "gzip -dc \(Self.terminus) failed")

        let font = try BitmapFont.parse(try Data(contentsOf: gunzipped), name: "Uni2-Terminus16.psf")
        #expect(font.width == 8 && font.height == 16 && font.hasUnicodeTable)
        #expect(font.glyphCount == 512)
        for scalar: Unicode.Scalar in ["A", "ж", "Ж", "Ω", "é", "\u{FFFD}"] {
            #expect(font.glyph(for: scalar)?.isVisible == true, "no glyph for \(scalar)")
        }
        // 512 glyphs cannot hold Cyrillic at its code points: "ж" (U+0436) is found through the table.
        #expect(font.glyphIndex(for: "ж").map { $0 != 0x436 && $0 < 512 } == true)
        #expect(font.replacementGlyph.isVisible)
    }

    static func small() throws -> BitmapFont {
        let url = repository.appendingPathComponent("Config/fonts/t9dial-5x8.psf")
        return try BitmapFont.parse(try Data(contentsOf: url), name: url.lastPathComponent)
    }

    /// The status line's small font: 5x8 with a table, the ellipsis and the replacement.
    @Test func theSmallFontIsA5x8FontWithATable() throws {
        let font = try Self.small()
        #expect(font.width == 5 && font.height == 8 && font.hasUnicodeTable)
        #expect(font.ellipsis == "\u{2026}")
        #expect(font.replacementGlyph == font.glyph(for: "\u{FFFD}"))
    }

    /// ASCII, Latin-1, the arrows, the block elements and the signal bars (U+E000 to U+E009)
    /// each have a glyph with ink in the small font; its space has none.
    @Test(arguments: [
        scalars(0x21...0x7E),
        scalars(0xA1...0xFF).filter { $0 != "\u{AD}" },
        "\u{2190}\u{2191}\u{2192}\u{2193}\u{2026}\u{FFFD}\u{2581}\u{2584}\u{2588}жΩ",
        "\u{E000}\u{E001}\u{E002}\u{E003}\u{E004}\u{E005}\u{E006}\u{E007}\u{E008}\u{E009}",
    ])
    func theSmallFontHasVisibleGlyphsFor(_ letters: String) throws {
        let font = try Self.small()
        for scalar in letters.unicodeScalars {
            #expect(font.glyph(for: scalar)?.isVisible == true, "no glyph with ink for U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        #expect(font.glyph(for: " ")?.isVisible == false)
    }

    /// The characters `values`, in order.
    static func scalars(_ values: ClosedRange<UInt8>) -> String {
        var text = ""
        for value in values { text.unicodeScalars.append(Unicode.Scalar(value)) }
        return text
    }

    /// The signal's bars, drawn by Config/fonts/make-small-font.py: n of four bars are as tall
    /// as their place (2, 3, 5, 6 pixels, one pixel wide, one apart), the others a dot.
    @Test(arguments: 0...4)
    func theSignalGlyphsShowTheirBars(_ level: Int) throws {
        let font = try Self.small()
        let left = try #require(font.glyph(for: Unicode.Scalar(0xE000 + 2 * UInt32(level))!))
        let right = try #require(font.glyph(for: Unicode.Scalar(0xE001 + 2 * UInt32(level))!))
        let heights = [(left, 0), (left, 2), (left, 4), (right, 1)].map { glyph, x in (0..<8).filter { glyph.isSet(x, $0) }.count }
        #expect(heights == [2, 3, 5, 6].enumerated().map { $0.offset < level ? $0.element : 1 })
    }
}
