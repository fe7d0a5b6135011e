// SPDX-License-Identifier: Apache-2.0

import Foundation
import ScreenOutput
import Testing

@Suite("Console font files")
struct FontFileTests {
    /// A PSF1 header and two glyph rows: enough bytes to tell apart.
    static let psf: [UInt8] = [0x36, 0x04, 0x02, 0x10] + (0..<64).map { UInt8($0) }

    @Test("A gzipped font is found by name and read uncompressed")
    func gzippedByName() throws {
        let folder = try TemporaryFolder()
        try Data(Self.psf).write(to: URL(fileURLWithPath: folder.join("Uni2-Test16.psf")))
        try #require(try run("/usr/bin/gzip", [folder.join("Uni2-Test16.psf")]) == 0)
        #expect(try FontFile.locate("Uni2-Test16", in: folder.path) == folder.join("Uni2-Test16.psf.gz"))
        #expect(try FontFile.locate("Uni2-Test16.psf.gz", in: folder.path) == folder.join("Uni2-Test16.psf.gz"))
        #expect(try FontFile.read("Uni2-Test16", in: folder.path) == Self.psf)
        #expect(try FontFile.read(folder.join("Uni2-Test16.psf.gz")) == Self.psf)
        #expect(FontFile.available(in: folder.path) == ["Uni2-Test16"])
    }

    @Test("An uncompressed .psfu file is read as it is")
    func plainFile() throws {
        let folder = try TemporaryFolder()
        try Data(Self.psf).write(to: URL(fileURLWithPath: folder.join("Plain8.psfu")))
        #expect(try FontFile.read("Plain8", in: folder.path) == Self.psf)
    }

    @Test("A missing font names itself, the folder, and the fix")
    func missingFont() throws {
        let folder = try TemporaryFolder()
        do {
            _ = try FontFile.read("Uni2-Nothing16", in: folder.path)
            Issue.record("a missing font was read")
        } catch {
            #expect(error.message.contains("Uni2-Nothing16"))
            #expect(error.message.contains(folder.path))
            #expect(error.message.contains("console-setup-linux"))
            #expect(error.message.contains("path"))
        }
        do {
            _ = try FontFile.read(folder.join("gone.psf.gz"))
            Issue.record("a missing path was read")
        } catch {
            #expect(error.message.contains(folder.join("gone.psf.gz")))
        }
    }

    @Test("A damaged gzip file is named as damaged")
    func damaged() throws {
        let folder = try TemporaryFolder()
        try Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF]).write(to: URL(fileURLWithPath: folder.join("Bad.psf.gz")))
        do {
            _ = try FontFile.read("Bad", in: folder.path)
            Issue.record("a damaged font was read")
        } catch {
            #expect(error.message.contains(folder.join("Bad.psf.gz")) && error.message.contains("damaged"))
        }
    }

    @Test("The system's Uni2-Terminus16 is PSF1, when console-setup-linux is installed")
    func systemFont() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/consolefonts/Uni2-Terminus16.psf.gz") else { return }
        let bytes = try FontFile.read("Uni2-Terminus16")
        #expect(Array(bytes.prefix(2)) == [0x36, 0x04])
    }
}
