// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A fresh directory for one test's scripts and files, deleted with everything in it when the
/// value goes away.
final class Scratch {
    let path: String

    init() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-dial-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func join(_ name: String) -> String { path + "/" + name }

    /// Writes a /bin/sh script and returns the command that runs it: `/bin/sh` and its path.
    /// Not the script itself: while another test's thread is spawning, a file just written can
    /// still be open for writing in that child for an instant, and exec of it fails with
    /// ETXTBSY; /bin/sh is never written to.
    func script(_ name: String, _ body: String) throws -> [String] {
        let file = join(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return ["/bin/sh", file]
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: join(name), encoding: .utf8)
    }
}
