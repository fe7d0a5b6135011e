#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into one byte array with `open`/`read`: one allocation of the file's size,
/// no line splitting, and the system's reason when it fails.
enum FileReader {
    static func readAll(path: String) throws(ContactBookError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno, path: path) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw error(errno, path: path) }
        let fileType = status.st_mode & S_IFMT
        guard fileType == S_IFREG || fileType == S_IFIFO || fileType == S_IFCHR else {
            throw .notAFile(path)
        }

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
        // A pipe, or a file that grew while being read: read the rest in chunks.
        if buffer.count == expected {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count > 0 {
                    buffer.append(contentsOf: chunk[..<count])
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
