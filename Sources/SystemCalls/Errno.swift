// SPDX-License-Identifier: Apache-2.0

import Glibc

/// An errno value, as libc sets it (and libevdev returns it negated), with its symbolic name
/// ("EACCES") and its text ("Permission denied"), for the messages of every t9dial module that
/// makes system calls.
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's errno, read right after a libc call failed.
    public static var current: Errno { Errno(errno) }

    /// The macro's name ("ENODEV"), or "errno N" for one t9dial has no name for.
    public var name: String {
        switch rawValue {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EBUSY: "EBUSY"
        case EEXIST: "EEXIST"
        case EXDEV: "EXDEV"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case ENFILE: "ENFILE"
        case EMFILE: "EMFILE"
        case ENOTTY: "ENOTTY"
        case EFBIG: "EFBIG"
        case ENOSPC: "ENOSPC"
        case EROFS: "EROFS"
        case EPIPE: "EPIPE"
        case ELOOP: "ELOOP"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case ENOSYS: "ENOSYS"
        case EDQUOT: "EDQUOT"
        default: "errno \(rawValue)"
        }
    }

    /// The C library's text for it ("No such device").
    public var text: String { String(cString: strerror(rawValue)) }

    /// "No such device (ENODEV)".
    public var description: String { "\(text) (\(name))" }
}

/// The result of a libc call that returns -1 and sets errno on failure, as a value (the
/// swift-system idiom).
public func valueOrErrno<Value: FixedWidthInteger>(_ result: Value) -> Result<Value, Errno> {
    result == -1 ? .failure(.current) : .success(result)
}
