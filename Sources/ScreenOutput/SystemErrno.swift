import Glibc

/// An errno value from a failed system call, with its symbolic name ("EACCES") and its text
/// ("Permission denied"), for the messages of ScreenOutput's errors. (The Evdev module has its
/// own `Errno`; ScreenOutput does not depend on Evdev, and a second type of the same name would
/// be ambiguous in a module that imports both.)
public struct SystemErrno: Error, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's errno, read right after a libc call failed.
    public static var current: SystemErrno { SystemErrno(errno) }

    /// The macro's name ("ENODEV"), or "errno N" for one without a name here.
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

/// The result of a libc call that returns -1 and sets errno on failure, as a value.
func valueOrErrno<Value: FixedWidthInteger>(_ result: Value) -> Result<Value, SystemErrno> {
    result == -1 ? .failure(.current) : .success(result)
}
