// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// Reading and writing whole files as bytes, through `Syscalls`, with errors that name the
/// path.
public enum FileBytes {
    /// Every byte of the regular file at `path`, of `maxBytes` at most (`RegularFile.read`).
    public static func read(_ path: String, maxBytes: Int) throws(FileError) -> [UInt8] {
        do { return try RegularFile.read(path, maxBytes: maxBytes) } catch { throw FileError(error) }
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file in the same folder,
    /// flushed to disk, then renamed over `path`, so a reader (an image viewer watching the
    /// file) sees the old file or the new one and never half of one. The temporary file is
    /// removed if anything fails. The file gets the usual permissions (0666 less the umask).
    /// (mkstemp, write, fchmod, fsync, close, rename, unlink)
    ///
    /// Only a regular file is replaced, and only one this process may write: a rename would
    /// otherwise put a file where a device node, a FIFO or a symbolic link was (as root, even
    /// under /dev), or over a file made read-only on purpose.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        try checkReplaceable(path)
        let temporary: (descriptor: FileDescriptor, path: String)
        switch Syscalls.makeTemporaryFile(temporaryTemplate(for: path)) {
        case .success(let made): temporary = made
        case .failure(let error): throw FileError(path: path, operation: .write, errno: error)
        }
        var failure: Errno?
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count, failure == nil {
                switch SystemCall.write(temporary.descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...])) {
                case .success(let count): written += count
                case .failure(let error): failure = error
                }
            }
        }
        if failure == nil, case .failure(let error) = Syscalls.fchmod(temporary.descriptor, 0o666 & ~Syscalls.currentUmask()) {
            failure = error
        }
        if failure == nil, case .failure(let error) = Syscalls.fsync(temporary.descriptor) { failure = error }
        if case .failure(let error) = SystemCall.close(temporary.descriptor), failure == nil { failure = error }
        if failure == nil, case .failure(let error) = Syscalls.rename(temporary.path, path) { failure = error }
        if let failure {
            Syscalls.unlink(temporary.path)
            throw FileError(path: path, operation: .write, errno: failure)
        }
    }

    /// Throws unless `writeAtomically` may write `path`: it is absent or a regular file this
    /// process may write, and its folder takes new files.
    static func checkWritable(_ path: String) throws(FileError) {
        try checkReplaceable(path)
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        switch Syscalls.linkMode(folder) {
        case .failure(let error): throw FileError(path: path, operation: .write, errno: error)
        case .success where !Syscalls.mayWrite(folder): throw FileError(path: path, operation: .write, errno: Errno(EACCES))
        case .success: return
        }
    }

    /// Throws unless `path` is absent or a regular file this process may write.
    static func checkReplaceable(_ path: String) throws(FileError) {
        switch Syscalls.linkMode(path) {
        case .failure(let error) where error.rawValue == ENOENT:
            return
        case .failure(let error):
            throw FileError(path: path, operation: .write, errno: error)
        case .success(let mode):
            if mode & S_IFMT == S_IFDIR { throw FileError(path: path, operation: .write, errno: Errno(EISDIR)) }
            if let kind = FileProblem.kind(of: mode) { throw FileError(path: path, operation: .write, problem: .notRegular(kind)) }
            // Root may write anything, so a file nobody may write is taken as read-only on purpose.
            guard mode & 0o222 != 0, Syscalls.mayWrite(path) else {
                throw FileError(path: path, operation: .write, errno: Errno(EACCES))
            }
        }
    }

    /// `folder/.name.XXXXXX` next to `path`: hidden, and in the same folder so the rename
    /// stays on one file system.
    static func temporaryTemplate(for path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ".\(path).XXXXXX" }
        let folder = String(decoding: bytes[...slash], as: UTF8.self)
        let name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        return "\(folder).\(name).XXXXXX"
    }
}
