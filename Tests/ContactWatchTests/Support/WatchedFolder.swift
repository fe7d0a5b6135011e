// SPDX-License-Identifier: Apache-2.0

@testable import ContactWatch
import Foundation
import Glibc
import Testing

/// A scratch folder for watching, removed at the end, and the ways programs change files in it.
final class WatchedFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("ContactWatchTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func join(_ name: String) -> String { path + "/" + name }

    /// Writes the file in place, as `>` does: open with O_TRUNC (creating it), write, close.
    func writeInPlace(_ name: String, _ text: String = card("Ada")) throws {
        let descriptor = open(join(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw Errno() }
        defer { close(descriptor) }
        guard write(descriptor, text, text.utf8.count) == text.utf8.count else { throw Errno() }
    }

    func rename(_ name: String, to newName: String) throws {
        guard Glibc.rename(join(name), join(newName)) == 0 else { throw Errno() }
    }

    /// Replaces the file as `CardDAVCache` does: Foundation's atomic write.
    func writeAtomically(_ name: String, _ text: String = card("Ada")) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: join(name)), options: .atomic)
    }

    func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: join(name), withIntermediateDirectories: false)
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: join(name))
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: join(name), withDestinationPath: target)
    }

    static func card(_ name: String) -> String {
        "BEGIN:VCARD\nVERSION:3.0\nUID:\(name)\nFN:\(name)\nTEL:+44 7700 900000\nEND:VCARD\n"
    }

    struct Errno: Error { let code = errno }
}

extension ContactSourceWatcher {
    /// Waits (generously) for notifications, then drains them. The kernel queues a
    /// notification before the call that caused it returns, so it is there at once; the wait
    /// only guards against a slow machine, and asserts nothing about time.
    mutating func changesAfterWaiting() -> Report {
        var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, 30_000)
        #expect(ready == 1, "the watcher's descriptor became readable")
        return drain()
    }

    /// Expects the notifications that came to concern a source (or not).
    mutating func expectChange(_ expected: Bool = true, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let changed = changesAfterWaiting().changed
        #expect(changed == expected, comment, sourceLocation: sourceLocation)
    }

    /// Expects notifications that concern no source.
    mutating func expectNoChange(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        expectChange(false, comment, sourceLocation: sourceLocation)
    }
}
