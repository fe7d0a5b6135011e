import Glibc
import SystemErrors

/// Reading and writing whole files as bytes, through `Syscalls`, with errors that name the
/// path.
public enum FileBytes {
    /// Every byte of the file at `path`. (open, read, close)
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor: Int32
        switch Syscalls.open(path, O_RDONLY | O_CLOEXEC) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw FileError(path: path, operation: .read, errno: error)
        }
        defer { Syscalls.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Syscalls.read(descriptor, $0) }
            switch count {
            case .success(0): return bytes
            case .success(let count): bytes.append(contentsOf: chunk[0..<count])
            case .failure(let error): throw FileError(path: path, operation: .read, errno: error)
            }
        }
    }

    /// Writes `bytes` to `path` atomically: into a new temporary file in the same folder,
    /// flushed to disk, then renamed over `path`, so a reader (an image viewer watching the
    /// file) sees the old file or the new one and never half of one. The temporary file is
    /// removed if anything fails. The file gets the usual permissions (0666 less the umask).
    /// (mkstemp, write, fchmod, fsync, close, rename, unlink)
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let temporary: (descriptor: Int32, path: String)
        switch Syscalls.makeTemporaryFile(temporaryTemplate(for: path)) {
        case .success(let made): temporary = made
        case .failure(let error): throw FileError(path: path, operation: .write, errno: error)
        }
        var failure: Errno?
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count, failure == nil {
                switch Syscalls.write(temporary.descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...])) {
                case .success(let count): written += count
                case .failure(let error): failure = error
                }
            }
        }
        if failure == nil, case .failure(let error) = Syscalls.fchmod(temporary.descriptor, 0o666 & ~Syscalls.currentUmask()) {
            failure = error
        }
        if failure == nil, case .failure(let error) = Syscalls.fsync(temporary.descriptor) { failure = error }
        if case .failure(let error) = Syscalls.close(temporary.descriptor), failure == nil { failure = error }
        if failure == nil, case .failure(let error) = Syscalls.rename(temporary.path, path) { failure = error }
        if let failure {
            Syscalls.unlink(temporary.path)
            throw FileError(path: path, operation: .write, errno: failure)
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
