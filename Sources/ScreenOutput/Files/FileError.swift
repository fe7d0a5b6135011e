// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// Why a file could not be read or written: the path, what was being done, what is wrong, and
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
    public var problem: FileProblem

    public init(path: String, operation: Operation, problem: FileProblem) {
        self.path = path
        self.operation = operation
        self.problem = problem
    }

    public init(path: String, operation: Operation, errno: Errno) {
        self.init(path: path, operation: operation, problem: .system(errno))
    }

    /// A read refused or failed by `RegularFile.read`.
    public init(_ error: FileReadError) {
        self.init(path: error.path, operation: .read, problem: error.problem)
    }

    /// What went wrong, where, and what to try.
    public var message: String {
        let verb = "cannot \(operation.rawValue) \(path)"
        switch problem {
        case .notRegular(let kind) where operation == .write:
            return "\(verb): it is \(kind), and only a regular file is written or replaced; give the path of a new or regular file"
        case .notRegular, .tooLarge:
            let error = FileReadError(path: path, problem: problem)
            return "\(verb): \(error.reason); \(error.remedy)"
        case .system(let errno):
            let head = "\(verb): \(errno.description)"
            switch errno.rawValue {
            case ENOENT where operation == .read: return head + "; check the path"
            case ENOENT, ENOTDIR: return head + "; the folder does not exist: create it first"
            case EACCES, EPERM:
                return head
                    + (operation == .read
                        ? "; you may not read it: check its permissions (ls -l \(path))"
                        : "; choose a file and folder you may write to, or change their permissions")
            case EROFS: return head + "; the file system is read-only: choose another folder"
            case ENOSPC, EDQUOT: return head + "; the disk is full: free some space"
            case EISDIR: return head + "; it is a folder: give a file name"
            default: return head
            }
        }
    }

    public var description: String { message }
}
