// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// Reads a whole contacts file into one byte array (`RegularFile.read`: one allocation of the
/// file's size, regular files only, so a FIFO or `/dev/zero` is an error at once), with the
/// errors a contacts file gets.
enum FileReader {
    /// The largest contacts file read: 256 MiB, several times a 100,000-contact export.
    static let maxBytes = 256 << 20

    static func readAll(path: String) throws(ContactBookError) -> [UInt8] {
        do {
            return try RegularFile.read(path, maxBytes: maxBytes)
        } catch {
            switch error.problem {
            case .notRegular: throw .notAFile(path)
            case .tooLarge: throw .tooLarge(path, limit: maxBytes)
            case .system(let errno):
                switch errno.rawValue {
                case ENOENT, ENOTDIR: throw .fileNotFound(path)
                case EACCES, EPERM: throw .permissionDenied(path)
                case EISDIR: throw .notAFile(path)
                default: throw .readFailed(path, reason: errno.text)
                }
            }
        }
    }
}
