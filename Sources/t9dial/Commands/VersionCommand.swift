// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import CBuildInfo

/// The version and git commit this t9dial was built from, as make compiled them into
/// CBuildInfo (the version from the VERSION file, the commit from git at build time), so a
/// binary copied to a board still knows where it came from.
enum BuildInfo {
    static let version = String(cString: t9dial_build_version())
    static let commit = String(cString: t9dial_build_commit())

    /// `t9dial 0.9.0 (git 348c649)`; a plain `swift build`, which knows no commit, gives
    /// `t9dial 0.9.0 (unknown commit)`.
    static var line: String {
        commit == "unknown commit" ? "t9dial \(version) (unknown commit)" : "t9dial \(version) (git \(commit))"
    }
}

/// `t9dial version`: what `t9dial --version` prints, for those who type it as a command.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print t9dial's version and the git commit it was built from.",
        discussion: """
            The same line as t9dial --version: "t9dial 0.9.0 (git 348c649)". The commit has \
            "-dirty" after it when the build had uncommitted changes, and is "unknown commit" \
            for a build made without make (a plain swift build).
            """
    )

    func run() throws {
        try StandardOutput.writeLine(BuildInfo.line)
    }
}
