// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import SystemCalls
import Testing

@Suite("Reading a regular file")
struct RegularFileTests {
    /// A folder of its own, removed afterwards.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-regularfile-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let folder = try Folder()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/file"))
        #expect(try RegularFile.read(folder.path + "/file", maxBytes: 200_000) == bytes)
        try Data().write(to: URL(fileURLWithPath: folder.path + "/empty"))
        #expect(try RegularFile.read(folder.path + "/empty", maxBytes: 1) == [])
    }

    /// A FIFO no one writes to used to block for ever, and /dev/zero to fill the memory: both are
    /// refused at once, before anything is read.
    @Test(arguments: [
        ("fifo", "it is a FIFO, not a regular file; give the path of a regular file"),
        ("/dev/zero", "it is a character device, not a regular file"),
        ("/dev/urandom", "it is a character device, not a regular file"),
    ])
    func specialFilesAreRefusedAtOnce(name: String, said: String) throws {
        let folder = try Folder()
        let path = name.hasPrefix("/") ? name : folder.path + "/" + name
        if name == "fifo" { try #require(mkfifo(path, 0o600) == 0) }
        do {
            _ = try RegularFile.read(path, maxBytes: 1 << 20)
            Issue.record("read \(path)")
        } catch {
            #expect(error.description == "cannot read \(path): \(said)" || error.description.hasPrefix("cannot read \(path): \(said)"))
            #expect(!error.isDirectory)
        }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        let folder = try Folder()
        try Data(count: 4097).write(to: URL(fileURLWithPath: folder.path + "/big"))
        #expect(throws: FileReadError(path: folder.path + "/big", problem: .tooLarge(limit: 4096))) {
            try RegularFile.read(folder.path + "/big", maxBytes: 4096)
        }
        let message = FileReadError(path: "big", problem: .tooLarge(limit: 4096)).description
        #expect(message == "cannot read big: it is larger than 4 KiB, the limit for this file; check that it is the right file")
    }

    @Test func missingAndFolderSayWhatToDo() throws {
        let folder = try Folder()
        do {
            _ = try RegularFile.read(folder.path + "/missing", maxBytes: 10)
            Issue.record("read a missing file")
        } catch {
            #expect(error.reason == "no such file" && error.remedy == "check the path")
        }
        do {
            _ = try RegularFile.read(folder.path, maxBytes: 10)
            Issue.record("read a folder")
        } catch {
            #expect(error.isDirectory)
            #expect(error.reason == "it is a directory, not a file")
        }
    }

    @Test(arguments: [(4096, "4 KiB"), (1 << 20, "1 MiB"), (256 << 20, "256 MiB"), (1500, "1500 bytes")])
    func sizesAreWrittenForPeople(bytes: Int, written: String) {
        #expect(FileProblem.size(bytes) == written)
    }
}
