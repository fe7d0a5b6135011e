// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
@testable import ScreenOutput
import SystemCalls
import Testing

/// Opening the charlcd device: what stands at the path decides the error, checked on real
/// paths (a missing one, a regular file, a FIFO, a folder) and on /dev/null and /dev/full,
/// character devices that take writes and that fail them.
@Suite("Character LCD devices")
struct CharacterLCDDeviceTests {
    @Test func aMissingDeviceSaysHowTheKernelMakesOne() throws {
        let folder = try TemporaryFolder()
        let path = folder.join("lcd")
        do {
            _ = try CharacterLCDDevice(path: path)
            Issue.record("\(path) opened")
        } catch {
            #expect(error.kind == .noSuchDevice)
            #expect(error.message.hasPrefix("no character display at \(path) (ENOENT)"))
            #expect(error.message.contains("dtoverlay=hd44780-i2c-lcd") && error.message.contains("docs/board.md"))
        }
    }

    @Test(
        "What is not a character device is refused before it is opened, and left as it was",
        arguments: ["regular file", "FIFO", "folder"]
    )
    func notACharacterDevice(kind: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.join("lcd")
        switch kind {
        case "regular file": try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
        case "FIFO": #expect(mkfifo(path, 0o600) == 0)
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        do {
            _ = try CharacterLCDDevice(path: path)
            Issue.record("a \(kind) opened as a display")
        } catch {
            #expect(error.kind == .notACharacterDevice)
            let article = kind == "FIFO" ? "a FIFO" : "a \(kind)"
            #expect(error.message.hasPrefix("\(path) is \(article), not a character device: name the charlcd device (\"/dev/lcd\")"))
        }
        if kind == "regular file" { #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("kept".utf8)) }
    }

    @Test func aCharacterDeviceOpensAndTakesWrites() throws {
        let device = try CharacterLCDDevice(path: "/dev/null")
        try device.write(CharacterLCDScreen.startBytes + Array("Hello".utf8))
        try device.write([])
    }

    @Test func aFailedWriteNamesTheDeviceAndTheError() throws {
        let device = try CharacterLCDDevice(path: "/dev/full")
        do {
            try device.write(Array("Hello".utf8))
            Issue.record("/dev/full took a write")
        } catch {
            #expect(error.kind == .other)
            #expect(error.message == "writing to /dev/full failed: \(Errno(ENOSPC).description)")
        }
    }

    /// The tests run as root, which no permission stops: the message is checked as a value.
    @Test(
        "Each errno's message says how to fix it",
        arguments: [
            (
                CharacterLCDError.Operation.open, EACCES, CharacterLCDError.Kind.permissionDenied,
                "permission denied opening /dev/lcd (EACCES): add your user to the t9dial group"
            ),
            (.open, EBUSY, .busy, "/dev/lcd is open in another program (EBUSY): the kernel lets one program at a time draw"),
            (.open, ENODEV, .noSuchDevice, "no character display at /dev/lcd (ENODEV)"),
            (.write, ENODEV, .noSuchDevice, "/dev/lcd went away while t9dial wrote to it (ENODEV)"),
            (.write, EIO, .other, "writing to /dev/lcd failed: "),
        ]
    )
    func messages(operation: CharacterLCDError.Operation, errno: Int32, kind: CharacterLCDError.Kind, message: String) {
        let error = CharacterLCDError(path: "/dev/lcd", reason: .system(operation, Errno(errno)))
        #expect(error.kind == kind)
        #expect(error.message.hasPrefix(message))
        #expect(error.description == error.message)
    }
}
