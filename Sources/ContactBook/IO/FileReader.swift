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

        // One byte more than the size, so the end of the file is seen without growing.
        var buffer = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, 64 * 1024)))
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw error(errno, path: path)
            }
        }
        buffer.removeSubrange(filled...)
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
