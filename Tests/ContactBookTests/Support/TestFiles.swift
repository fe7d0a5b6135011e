// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Where the tests find their input files.
enum TestFiles {
    /// `Tests/ContactBookTests/Fixtures`, found next to this source file.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> String {
        fixtures.appendingPathComponent(name).path
    }

    static func fixtureBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// The project's shared data sets (`shared/datasets`), found by walking up from this file to
    /// a folder that holds them; nil when the checkout has none beside it.
    static let datasets: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/datasets")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    static func dataset(_ name: String) -> String? {
        guard let path = datasets?.appendingPathComponent(name).path,
            FileManager.default.fileExists(atPath: path)
        else { return nil }
        return path
    }

    /// A fresh temporary directory, removed by `cleanUp`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ContactBookTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func cleanUp(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}

extension String {
    /// The lines joined with CRLF (and one after the last), as vCard files are written.
    static func crlf(_ lines: [String]) -> String {
        lines.map { $0 + "\r\n" }.joined()
    }
}
