// SPDX-License-Identifier: Apache-2.0

/// Paths as the watcher walks them: absolute, without repeated or trailing slashes, so that a
/// path's folder and its own name are plain string operations. `.` and `..` are left for the
/// kernel to resolve, as it does when the path is watched.
enum SourcePath {
    /// `path` made absolute from `directory` (the working directory) and tidied.
    static func absolute(_ path: String, from directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        return "/" + joined.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }

    /// The folder holding `path` ("/" for "/" itself).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path` ("" for "/").
    static func name(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
