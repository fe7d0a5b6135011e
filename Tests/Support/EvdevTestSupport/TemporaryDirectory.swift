// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A fresh directory for one test (a fake /dev/input), deleted with everything in it when the
/// value goes away.
public final class TemporaryDirectory {
    public let path: String

    public init() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-input-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        // Links are compared after resolving, so the directory's own path must be resolved too.
        path = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    public func join(_ name: String) -> String { path + "/" + name }

    /// Makes a folder inside.
    public func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: join(name), withIntermediateDirectories: true)
    }

    /// Makes a symbolic link `name` inside, pointing at `target` (relative or absolute).
    public func makeLink(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: join(name), withDestinationPath: target)
    }

    /// Makes an ordinary file inside (not a device: it cannot answer evdev's ioctls).
    public func makeFile(_ name: String) throws {
        guard FileManager.default.createFile(atPath: join(name), contents: Data()) else { throw CocoaError(.fileWriteUnknown) }
    }
}
