// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@Suite("t9dial --version and t9dial version")
struct VersionCommandTests {
    /// The one place the version is kept: the VERSION file at the top of the repository.
    static func versionFile() throws -> String {
        let text = try String(contentsOfFile: T9DialProcess.repositoryRoot + "/VERSION", encoding: .utf8)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("Both print one line with the VERSION file's version and the commit, and exit 0", arguments: [["--version"], ["version"]])
    func printsVersion(arguments: [String]) throws {
        let version = try Self.versionFile()
        let output = try T9DialProcess.run(arguments)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.lines.count == 1)
        let line = try #require(output.lines.first)
        // make builds name the commit; a plain swift build (swift build --build-tests) cannot.
        let commit = /\(git [0-9a-f]{7,}(-dirty)?\)|\(unknown commit\)/
        #expect(line.hasPrefix("t9dial \(version) "), "\(line) should carry VERSION's \(version)")
        #expect(line.dropFirst("t9dial \(version) ".count).wholeMatch(of: commit) != nil, "\(line)")
    }

    @Test("The VERSION file holds a plain version, as Debian and git tags (v0.9.0) take it")
    func versionFileIsPlain() throws {
        let version = try Self.versionFile()
        #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "VERSION holds \(version)")
    }
}
