// SPDX-License-Identifier: Apache-2.0

import Foundation
import ScreenOutput
import Testing

@Suite("zlib wrappers")
struct ZlibTests {
    @Test("deflate then inflate gives the bytes back", arguments: [0, 1, 100, 70_000])
    func roundTrip(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 31 / 7) }
        let compressed = try Zlib.deflate(bytes)
        #expect(compressed.count >= 2 && compressed[0] & 0x0F == 8)  // a zlib header: deflate method
        #expect(try Zlib.inflate(compressed, maxBytes: 1 << 20) == bytes)
    }

    @Test("CRC-32 and Adler-32 match their well-known values")
    func checksums() {
        let text = Array("123456789".utf8)
        #expect(Zlib.crc32(text) == 0xCBF4_3926)
        #expect(Zlib.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(Zlib.crc32(Array("56789".utf8), continuing: Zlib.crc32(Array("1234".utf8))) == 0xCBF4_3926)
        #expect(Zlib.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test("gunzip reads what the gzip command wrote, and isGzip knows it")
    func gunzipOfGzipCommand() throws {
        let folder = try TemporaryFolder()
        let original = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try Data(original).write(to: URL(fileURLWithPath: folder.join("font.psf")))
        try #require(try run("/usr/bin/gzip", ["-9", folder.join("font.psf")]) == 0)
        let gzipped = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.join("font.psf.gz"))))
        #expect(Zlib.isGzip(gzipped))
        #expect(!Zlib.isGzip(original))
        #expect(!Zlib.isGzip([0x1F]))
        #expect(try Zlib.gunzip(gzipped, maxBytes: 1 << 20) == original)
    }

    @Test("gunzip joins concatenated gzip members, as the gunzip command does")
    func concatenatedMembers() throws {
        let folder = try TemporaryFolder()
        try Data("first ".utf8).write(to: URL(fileURLWithPath: folder.join("a")))
        try Data("second".utf8).write(to: URL(fileURLWithPath: folder.join("b")))
        try #require(try run("/usr/bin/gzip", [folder.join("a"), folder.join("b")]) == 0)
        let joined =
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.join("a.gz"))))
            + [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.join("b.gz"))))
        #expect(String(decoding: try Zlib.gunzip(joined, maxBytes: 1 << 20), as: UTF8.self) == "first second")
    }

    /// A few kilobytes of gzip can hold gigabytes of zeros: past the limit, it is refused.
    @Test("gunzip and inflate stop at their limit")
    func aBombIsRefused() throws {
        let zeros = [UInt8](repeating: 0, count: 3 << 20)
        let compressed = try Zlib.deflate(zeros)
        #expect(compressed.count < 10_000)
        #expect(try Zlib.inflate(compressed, maxBytes: 3 << 20) == zeros)
        do {
            _ = try Zlib.inflate(compressed, maxBytes: 1 << 20)
            Issue.record("inflated past the limit")
        } catch {
            #expect(error.message.contains("more than 1 MiB"))
        }
        let folder = try TemporaryFolder()
        try Data(zeros).write(to: URL(fileURLWithPath: folder.join("zeros")))
        try #require(try run("/usr/bin/gzip", [folder.join("zeros")]) == 0)
        let gzipped = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.join("zeros.gz"))))
        #expect(throws: ZlibError.self) { try Zlib.gunzip(gzipped, maxBytes: 1 << 20) }
    }

    @Test("Bad and truncated data are errors that say so")
    func errors() throws {
        #expect(throws: ZlibError.self) { try Zlib.gunzip([1, 2, 3], maxBytes: 1 << 20) }
        let compressed = try Zlib.deflate(Array(repeating: 7, count: 1_000))
        do {
            _ = try Zlib.inflate(Array(compressed.dropLast(6)), maxBytes: 1 << 20)
            Issue.record("a truncated stream inflated")
        } catch {
            #expect(error.message.contains("truncated"))
        }
        do {
            _ = try Zlib.inflate([0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF], maxBytes: 1 << 20)
            Issue.record("garbage inflated")
        } catch {
            #expect(error.code == -3)
            #expect(error.message.contains("corrupt"))
        }
    }
}
