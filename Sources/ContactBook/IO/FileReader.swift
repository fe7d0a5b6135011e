#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into one byte array with `open`/`read`: one allocation of the file's size,
/// no line splitting, and the system's reason when it fails.
///
/// Only regular files of `maxBytes` at most are read: a FIFO would block for ever and
/// `/dev/zero` would fill the memory, so a path to either is an error at once. (The file is
/// opened without blocking, so even opening a FIFO that no one writes to returns.)
enum FileReader {
    /// The largest contacts file read: 256 MiB, several times a 100,000-contact export.
    static let maxBytes = 256 << 20

    static func readAll(path: String) throws(ContactBookError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw error(errno, path: path) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw error(errno, path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path) }
        guard status.st_size <= maxBytes else { throw .tooLarge(path, limit: maxBytes) }

        // One byte more than the size, so the end of the file is seen without growing; the
        // bytes are read straight into the array, which is never zero-filled first.
        let expected = max(Int(status.st_size), 0) + 1
        var failure: Int32?
        var buffer = [UInt8](unsafeUninitializedCapacity: expected) { storage, initialized in
            initialized = 0
            while initialized < storage.count {
                let count = read(descriptor, storage.baseAddress! + initialized, storage.count - initialized)
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        if let failure { throw error(failure, path: path) }
        // A file that grew while being read: read the rest in chunks, up to the limit.
        if buffer.count == expected {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count > 0 {
                    buffer.append(contentsOf: chunk[..<count])
                    if buffer.count > maxBytes { throw .tooLarge(path, limit: maxBytes) }
                } else if count == 0 {
                    break
                } else if errno != EINTR {
                    throw error(errno, path: path)
                }
            }
        }
        return buffer
    }

    private static func error(_ code: Int32, path: String) -> ContactBookError {
        switch code {
        case ENOENT, ENOTDIR: .fileNotFound(path)
        case EACCES, EPERM: .permissionDenied(path)
        case EISDIR: .notAFile(path)
        default: .readFailed(path, reason: String(cString: strerror(code)))
        }
    }
}
