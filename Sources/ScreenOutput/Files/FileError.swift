import Glibc
public import SystemErrors

/// Why a file could not be read or written: the path, what was being done, the errno, and
/// what to do about it.
///
/// Printed as it is: `cannot write /srv/shots/screen.png: Permission denied (EACCES); choose
/// a folder you may write to, or change its permissions`.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable {
        case read
        case write
    }

    public var path: String
    public var operation: Operation
    public var errno: Errno

    public init(path: String, operation: Operation, errno: Errno) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// What went wrong, where, and what to try.
    public var message: String {
        let head = "cannot \(operation.rawValue) \(path): \(errno.description)"
        switch errno.rawValue {
        case ENOENT where operation == .read: return head + "; check the path"
        case ENOENT, ENOTDIR: return head + "; the folder does not exist: create it first"
        case EACCES, EPERM:
            return head + (operation == .read
                ? "; you may not read it: check its permissions (ls -l \(path))"
                : "; choose a folder you may write to, or change its permissions")
        case EROFS: return head + "; the file system is read-only: choose another folder"
        case ENOSPC, EDQUOT: return head + "; the disk is full: free some space"
        case EISDIR: return head + "; it is a folder: give a file name"
        default: return head
        }
    }

    public var description: String { message }
}
