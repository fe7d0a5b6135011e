// SPDX-License-Identifier: Apache-2.0

import Synchronization
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The contacts given on standard input (`--contacts -`): read whole the first time they are
/// asked for, with the limit of a contacts file (`FileReader.maxBytes`), and kept, so that a
/// book read again (a reload after another source changed) gets the same contacts rather than
/// an input already at its end. A pipe cannot be watched for changes: its contacts stay as read.
public enum StandardInputReader {
    /// The path that stands for standard input, as `cat` and `tar` take it.
    public static let path = "-"
    /// How messages and made-up UIDs name it.
    public static let name = "standard input"

    private static let read = Mutex<Result<[UInt8], ContactBookError>?>(nil)

    /// Whether `path` stands for standard input.
    public static func isStandardInput(_ path: String) -> Bool { path == Self.path }

    /// Every byte of standard input, read once; an input larger than the limit is an error.
    static func readAll() throws(ContactBookError) -> [UInt8] {
        let result = read.withLock { stored in
            if let stored { return stored }
            let result = Result { () throws(ContactBookError) in try readToEnd(.standardInput, maxBytes: FileReader.maxBytes) }
            stored = result
            return result
        }
        return try result.get()
    }

    /// Reads `descriptor` to its end, in chunks, refusing more than `maxBytes`.
    static func readToEnd(_ descriptor: FileDescriptor, maxBytes: Int) throws(ContactBookError) -> [UInt8] {
        var bytes: [UInt8] = []
        switch SystemCall.readToEnd(descriptor, appendingTo: &bytes, maxBytes: maxBytes) {
        case .success:
            return bytes
        case .failure(.tooLarge):
            throw ContactBookError(
                kind: .readFailed, file: name,
                problem: "the input is larger than \(FileProblem.size(maxBytes)), the most t9dial reads as contacts",
                remedy: "Check that this is your contacts export; split a larger one into several files in a folder.")
        case .failure(.failed(let error)):
            throw .readFailed(name, reason: error.text)
        }
    }
}
