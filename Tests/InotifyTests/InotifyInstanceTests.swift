// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
@testable import Inotify
import SystemCalls
import Testing

@Suite("inotify")
struct InotifyInstanceTests {
    @Test("Records are parsed with their padded names")
    func parsing() {
        var bytes: [UInt8] = []
        func record(_ watch: Int32, _ mask: UInt32, _ name: String, padded length: Int) {
            withUnsafeBytes(of: watch) { bytes += $0 }
            withUnsafeBytes(of: mask) { bytes += $0 }
            withUnsafeBytes(of: UInt32(7)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(length)) { bytes += $0 }
            bytes += Array(name.utf8) + Array(repeating: 0, count: length - name.utf8.count)
        }
        record(1, 0x100, "event3", padded: 16)
        record(-1, 0x4000, "", padded: 0)
        record(2, 0x80, "é.vcf", padded: 32)
        let notifications = bytes.withUnsafeBytes { InotifyNotification.parse($0) }
        #expect(
            notifications == [
                .init(watch: 1, mask: 0x100, name: "event3"), .init(watch: -1, mask: 0x4000, name: ""),
                .init(watch: 2, mask: 0x80, name: "é.vcf"),
            ])
    }

    @Test func whatHappensInAWatchedFolderIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("InotifyTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inotify = try InotifyInstance()
        let watch = try inotify.addWatch(folder, mask: UInt32(IN_CREATE | IN_DELETE)).get()
        #expect(inotify.readPending() == ([], nil))
        close(open(folder + "/a", O_WRONLY | O_CREAT, 0o644))
        try FileManager.default.removeItem(atPath: folder + "/a")
        let (notifications, failure) = inotify.readPending()
        #expect(
            notifications == [
                .init(watch: watch, mask: UInt32(IN_CREATE), name: "a"), .init(watch: watch, mask: UInt32(IN_DELETE), name: "a"),
            ])
        #expect(failure == nil)
        inotify.removeWatch(watch)
        #expect(inotify.readPending().notifications == [.init(watch: watch, mask: UInt32(IN_IGNORED), name: "")])
    }

    @Test func aMissingPathCannotBeWatched() throws {
        let inotify = try InotifyInstance()
        #expect(inotify.addWatch("/nonexistent-t9dial/x", mask: UInt32(IN_CREATE)) == .failure(Errno(ENOENT)))
    }
}
