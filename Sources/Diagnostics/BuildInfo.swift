// SPDX-License-Identifier: Apache-2.0

import CBuildInfo

/// The version and git commit this t9dial was built from, as make compiled them into
/// CBuildInfo (the version from the VERSION file, the commit from git at build time), so a
/// binary copied to a board still knows where it came from: `t9dial --version` and
/// `t9dial version` print it.
public enum BuildInfo {
    public static let version = String(cString: t9dial_build_version())
    public static let commit = String(cString: t9dial_build_commit())

    /// `t9dial 0.9.0 (git 348c649)`; a plain `swift build`, which knows no commit, gives
    /// `t9dial 0.9.0 (unknown commit)`.
    public static var line: String {
        commit == "unknown commit" ? "t9dial \(version) (unknown commit)" : "t9dial \(version) (git \(commit))"
    }
}
