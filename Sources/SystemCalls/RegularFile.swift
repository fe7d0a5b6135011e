// SPDX-License-Identifier: Apache-2.0

public import Glibc
import struct SystemPackage.FileDescriptor

/// Reads a whole file that a user named (a config, a layout, a keymap, a font, a recording),
/// refusing what is not a regular file or is too large for what it is.
///
/// A FIFO would block the read for ever and `/dev/zero` or `/dev/urandom` would fill the
/// memory, so a path to either is refused at once; the file is opened without blocking, so even
/// opening a FIFO that no one writes to returns. The limit is the caller's: each kind of file
/// has one, listed in docs/limits.md.
public enum RegularFile {
    public static func read(_ path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
        let descriptor: Int32
        switch SystemCall.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw FileReadError(path: path, problem: .system(error))
        }
        defer { SystemCall.close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(path: path, problem: .system(.current)) }
        if status.st_mode & S_IFMT == S_IFDIR { throw FileReadError(path: path, problem: .system(Errno(EISDIR))) }
        if let kind = FileProblem.kind(of: status.st_mode) {
            throw FileReadError(path: path, problem: .notRegular(kind))
        }
        guard status.st_size <= maxBytes else { throw FileReadError(path: path, problem: .tooLarge(limit: maxBytes)) }

        // One allocation of the size fstat gave, and one byte more, so the end of the file is seen
        // without growing; the bytes are read straight into the array, never zero-filled first.
        let expected = max(Int(status.st_size), 0) + 1
        var failure: Errno?
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { storage, initialized in
            initialized = 0
            while initialized < storage.count {
                switch SystemCall.read(descriptor, UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[initialized...]))) {
                case .success(0): return
                case .success(let count): initialized += count
                case .failure(let error):
                    failure = error
                    return
                }
            }
        }
        if let failure { throw FileReadError(path: path, problem: .system(failure)) }
        // A file that grew while being read: the rest in chunks, up to the limit.
        guard bytes.count == expected else { return bytes }
        switch SystemCall.readToEnd(FileDescriptor(rawValue: descriptor), appendingTo: &bytes, maxBytes: maxBytes) {
        case .success: return bytes
        case .failure(.tooLarge): throw FileReadError(path: path, problem: .tooLarge(limit: maxBytes))
        case .failure(.failed(let error)): throw FileReadError(path: path, problem: .system(error))
        }
    }
}

/// What is wrong with a file t9dial was asked to read or write.
public enum FileProblem: Error, Sendable, Hashable {
    /// The system refused: no such file, permission denied, a directory...
    case system(Errno)
    /// A FIFO, a device, a socket or a symbolic link: "a FIFO", "a character device".
    case notRegular(String)
    /// Larger than the limit for this kind of file, in bytes.
    case tooLarge(limit: Int)

    /// What a file of this mode is, when it is neither a regular file nor a directory (a
    /// directory is told as EISDIR, as the system tells it).
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: nil
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// "1 MiB", "64 MiB", "4 KiB", "100 bytes".
    public static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Why `RegularFile.read` refused or failed: the path, what is wrong, and what to do.
///
/// `cannot read /tmp/fifo: it is a FIFO, not a regular file; give the path of a regular file`.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var problem: FileProblem

    public init(path: String, problem: FileProblem) {
        self.path = path
        self.problem = problem
    }

    /// True when the path names a directory.
    public var isDirectory: Bool { problem == .system(Errno(EISDIR)) }

    /// What is wrong, without the path: "it is a FIFO, not a regular file".
    public var reason: String {
        switch problem {
        case .system(let errno):
            switch errno.rawValue {
            case ENOENT: "no such file"
            case ENOTDIR: "a folder on the way is a file"
            case EACCES, EPERM: "permission denied"
            case EISDIR: "it is a directory, not a file"
            default: errno.description
            }
        case .notRegular(let kind): "it is \(kind), not a regular file"
        case .tooLarge(let limit): "it is larger than \(FileProblem.size(limit)), the limit for this file"
        }
    }

    /// What to do about it.
    public var remedy: String {
        switch problem {
        case .system(let errno):
            switch errno.rawValue {
            case ENOENT, ENOTDIR: "check the path"
            case EACCES, EPERM: "check its permissions (ls -l \(path))"
            case EISDIR: "name a file inside it"
            default: "check the file"
            }
        case .notRegular: "give the path of a regular file"
        case .tooLarge: "check that it is the right file"
        }
    }

    /// `cannot read PATH: reason; remedy`.
    public var description: String { "cannot read \(path): \(reason); \(remedy)" }
}
