// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

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
