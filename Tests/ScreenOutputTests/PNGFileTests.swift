// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import ScreenOutput
import ScreenRender
import Testing

@Suite("PNG files")
struct PNGFileTests {
    @Test("Encoding then decoding gives the same canvas", arguments: PNGFormat.allCases)
    func roundTrip(format: PNGFormat) throws {
        let canvas =
            switch format {
            case .rgb: Patterns.colour()
            case .gray8: Patterns.grey()
            case .mono1: Patterns.mono()
            }
        #expect(try PNGFile.decode(PNGFile.encode(canvas, format: format)) == canvas)
    }

    @Test("A 128x64 one-bit screen makes a small PNG")
    func monoIsSmall() throws {
        let bytes = try PNGFile.encode(Patterns.mono(), format: .mono1)
        #expect(bytes.count < 1_200)
    }

    @Test("Grey and one-bit formats quantise by luminance")
    func quantisation() throws {
        var canvas = Canvas(width: 2, height: 1)
        canvas[0, 0] = Color(0xFF0000)  // luminance 76
        canvas[1, 0] = Color(0x00FF00)  // luminance 149
        let grey = try PNGFile.decode(PNGFile.encode(canvas, format: .gray8))
        #expect(grey[0, 0] == Color(red: 76, green: 76, blue: 76))
        let mono = try PNGFile.decode(PNGFile.encode(canvas, format: .mono1))
        #expect(mono[0, 0] == .black && mono[1, 0] == .white)
    }

    @Test("A 2x2 PNG has the signature, IHDR fields and CRCs of the format")
    func structure() throws {
        var canvas = Canvas(width: 2, height: 2)
        canvas[1, 0] = Color(0xFF8000)
        canvas[0, 1] = Color(0x0000FF)
        let bytes = try PNGFile.encode(canvas)
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, type, width 2, height 2, depth 8, colour type 2, 0, 0, 0.
        #expect(Array(bytes[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8))
        #expect(Array(bytes[16..<29]) == [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0])
        // Every chunk's CRC covers its type and data; IEND is last.
        var offset = 8
        var types: [String] = []
        while offset < bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let covered = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let crc = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(Zlib.crc32(covered) == crc)
            types.append(String(decoding: covered.prefix(4), as: UTF8.self))
            offset += 12 + length
        }
        #expect(offset == bytes.count)
        #expect(types == ["IHDR", "IDAT", "IEND"])
        // The rows inflate to filter byte + 6 bytes each.
        let idatLength = Int(bytes[33]) << 24 | Int(bytes[34]) << 16 | Int(bytes[35]) << 8 | Int(bytes[36])
        let rows = try Zlib.inflate(Array(bytes[41..<(41 + idatLength)]), maxBytes: 1 << 20)
        #expect(rows.count == 14)
    }

    @Test("Python's zlib and the file command agree, when they are installed")
    func othersAgree() throws {
        let folder = try TemporaryFolder()
        let path = folder.join("two.png")
        var canvas = Canvas(width: 2, height: 2)
        canvas[1, 1] = Color(0x123456)
        try PNGFile.write(canvas, to: path)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/file") {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
            process.arguments = ["-b", path]
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(output.contains("PNG image data, 2 x 2, 8-bit/color RGB, non-interlaced"))
        }
        let script = """
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            i, idat = 8, b''
            while i < len(data):
                n, = struct.unpack('>I', data[i:i+4]); kind = data[i+4:i+8]; body = data[i+8:i+8+n]
                assert struct.unpack('>I', data[i+8+n:i+12+n])[0] == zlib.crc32(kind + body)
                if kind == b'IDAT': idat += body
                i += 12 + n
            raw = zlib.decompress(idat)
            # Row 1 is Sub-filtered: pixel 1 minus pixel 0 (black) is 12 34 56.
            assert raw[7] == 1 and raw[11:14] == bytes([0x12, 0x34, 0x56]), raw.hex()
            """
        for python in ["/usr/bin/python3", "/usr/local/bin/python3"] where FileManager.default.isExecutableFile(atPath: python) {
            let scriptPath = folder.join("check.py")
            try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
            #expect(try run(python, [scriptPath, path]) == 0)
            break
        }
    }

    @Test("All five filter types decode", arguments: [0, 1, 2, 3, 4] as [UInt8])
    func filters(filter: UInt8) throws {
        let canvas = Patterns.colour(width: 9, height: 5)
        #expect(try PNGFile.decode(Self.png(of: canvas, filter: filter)) == canvas)
    }

    @Test("RGBA decodes with alpha dropped")
    func rgba() throws {
        var raw: [UInt8] = []
        for y in 0..<2 {
            raw.append(0)
            for x in 0..<3 { raw += [UInt8(x * 80), UInt8(y * 90), 7, 128] }
        }
        let png = try Self.assemble(width: 3, height: 2, colorType: 6, depth: 8, raw: raw)
        let canvas = try PNGFile.decode(png)
        #expect(canvas[2, 1] == Color(red: 160, green: 90, blue: 7))
    }

    @Test("Damaged and unsupported PNGs are errors that say what is wrong")
    func errors() throws {
        var bytes = try PNGFile.encode(Patterns.grey(), format: .gray8)
        #expect(throws: PNGError.self) { try PNGFile.decode(Array(bytes.prefix(7))) }
        bytes[20] ^= 1  // inside IHDR: its CRC no longer matches
        do {
            _ = try PNGFile.decode(bytes)
            Issue.record("a damaged PNG decoded")
        } catch {
            #expect(error.message.contains("IHDR") && error.message.contains("CRC"))
        }
        let interlaced = try Self.assemble(width: 1, height: 1, colorType: 2, depth: 8, raw: [0, 1, 2, 3], interlace: 1)
        do {
            _ = try PNGFile.decode(interlaced)
            Issue.record("an interlaced PNG decoded")
        } catch {
            #expect(error.message.contains("interlaced"))
        }
        #expect(throws: PNGError.self) { try PNGFile.encode(Canvas(width: 0, height: 3)) }
    }

    @Test("Writing is atomic: the PNG is there, and no temporary file is left")
    func atomicWrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.join("screen.png")
        try PNGFile.write(Patterns.colour(), to: path)
        try PNGFile.write(Patterns.mono(), to: path, format: .mono1)
        #expect(folder.contents == ["screen.png"])
        #expect(try PNGFile.read(path) == Patterns.mono())
    }

    @Test("Errors name the path and the reason")
    func fileErrors() throws {
        do {
            try PNGFile.write(Patterns.mono(), to: "/nonexistent-folder/screen.png")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.message.contains("/nonexistent-folder/screen.png"))
            #expect(error.message.contains("does not exist"))
        }
        do {
            _ = try PNGFile.read("/nonexistent-folder/golden.png")
            Issue.record("read a missing file")
        } catch {
            #expect(error.message.contains("/nonexistent-folder/golden.png") && error.message.contains("No such file"))
        }
    }

    /// What is at the path, made in `folder`, and what the refusal says.
    enum Occupant: String, CaseIterable, Sendable {
        case fifo, symbolicLink, readOnlyFile, folder

        func make(at path: String, in folder: TemporaryFolder) throws {
            switch self {
            case .fifo: try #require(mkfifo(path, 0o644) == 0)
            case .symbolicLink:
                try Data().write(to: URL(fileURLWithPath: folder.join("target.png")))
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.join("target.png"))
            case .readOnlyFile:
                try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
                try #require(chmod(path, 0o444) == 0)
            case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }

        var said: String {
            switch self {
            case .fifo: "it is a FIFO, and only a regular file is written or replaced"
            case .symbolicLink: "it is a symbolic link, and only a regular file is written or replaced"
            case .readOnlyFile: "Permission denied"
            case .folder: "it is a folder"
            }
        }
    }

    /// `--output png:PATH` once replaced whatever PATH was, a device node under /dev included.
    /// Only a new or writable regular file is written; the rest is refused and left alone.
    @Test("Only a new or writable regular file is written", arguments: Occupant.allCases)
    func onlyRegularFilesAreReplaced(occupant: Occupant) throws {
        let folder = try TemporaryFolder()
        let path = folder.join("screen.png")
        try occupant.make(at: path, in: folder)
        let before = folder.contents
        var messages: [String] = []
        do { try PNGFile.checkWritable(path) } catch { messages.append(error.message) }
        do { try PNGFile.write(Patterns.mono(), to: path) } catch { messages.append(error.message) }
        #expect(messages.count == 2, "wrote over \(occupant)")
        for message in messages {
            #expect(message.contains(path) && message.contains(occupant.said), "\(message)")
        }
        #expect(folder.contents == before)
        if occupant == .readOnlyFile {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        }
    }

    @Test("A device is refused")
    func aDeviceIsRefused() {
        #expect(throws: PNGError.self) { try PNGFile.checkWritable("/dev/null") }
        #expect(throws: PNGError.self) { try PNGFile.write(Patterns.mono(), to: "/dev/null") }
    }

    @Test("A new file or a writable one may be written")
    func newAndWritableFilesMayBeWritten() throws {
        let folder = try TemporaryFolder()
        try PNGFile.checkWritable(folder.join("new.png"))
        try Data().write(to: URL(fileURLWithPath: folder.join("old.png")))
        try PNGFile.checkWritable(folder.join("old.png"))
        #expect(throws: PNGError.self) { try PNGFile.checkWritable(folder.join("missing/new.png")) }
    }

    // MARK: - PNGs made here with a chosen filter

    /// An RGB PNG of `canvas` with every row filtered by `filter`.
    static func png(of canvas: Canvas, filter: UInt8) throws -> [UInt8] {
        let rowBytes = canvas.width * 3
        var rows: [[UInt8]] = (0..<canvas.height).map { y in
            (0..<canvas.width).flatMap { x in [canvas[x, y].red, canvas[x, y].green, canvas[x, y].blue] }
        }
        var raw: [UInt8] = []
        for y in 0..<canvas.height {
            raw.append(filter)
            for i in 0..<rowBytes {
                let a = i >= 3 ? Int(rows[y][i - 3]) : 0
                let b = y > 0 ? Int(rows[y - 1][i]) : 0
                let c = y > 0 && i >= 3 ? Int(rows[y - 1][i - 3]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predictor = 0
                }
                raw.append(UInt8(truncatingIfNeeded: Int(rows[y][i]) - predictor))
            }
        }
        rows.removeAll()
        return try assemble(width: canvas.width, height: canvas.height, colorType: 2, depth: 8, raw: raw)
    }

    static func assemble(width: Int, height: Int, colorType: UInt8, depth: UInt8, raw: [UInt8], interlace: UInt8 = 0) throws -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let covered = Array(type.utf8) + data
            return be(data.count) + covered + be(Int(Zlib.crc32(covered)))
        }
        let header = be(width) + be(height) + [depth, colorType, 0, 0, interlace]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", try Zlib.deflate(raw)) + chunk("IEND", [])
    }
}
