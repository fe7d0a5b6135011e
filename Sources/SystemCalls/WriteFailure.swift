// SPDX-License-Identifier: Apache-2.0

import Glibc

/// A write to standard output or standard error that failed: which stream and the errno.
///
/// `cannot write to standard output: No space left on device`.
public struct WriteFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// "standard output" or "standard error" (`StandardStream.name`).
    public var stream: String
    public var errno: Errno

    public init(stream: String, errno: Errno) {
        self.stream = stream
        self.errno = errno
    }

    /// Whether the reader went away (EPIPE): `t9dial contacts | head -1` once head has its
    /// line. Not a problem to report: the program ends quietly, as if SIGPIPE had ended it.
    public var readerLeft: Bool { errno.rawValue == EPIPE }

    public var description: String { "cannot write to \(stream): \(errno.text)" }
}
