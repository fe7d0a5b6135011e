// SPDX-License-Identifier: Apache-2.0

/// Why zlib could not compress or uncompress some bytes: what was being done, zlib's return
/// code and its message, and what it means for the caller.
public struct ZlibError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable {
        case deflate = "compressing"
        case inflate = "uncompressing zlib data"
        case gunzip = "uncompressing gzip data"
    }

    public var operation: Operation
    /// zlib's return code (Z_DATA_ERROR is -3, Z_MEM_ERROR -4, Z_BUF_ERROR -5).
    public var code: Int32
    /// zlib's own message (`z_stream.msg`), or a description of the code.
    public var detail: String

    public init(operation: Operation, code: Int32, detail: String) {
        self.operation = operation
        self.code = code
        self.detail = detail
    }

    /// What went wrong, and what it usually means.
    public var message: String {
        switch code {
        case -3: "\(operation.rawValue) failed: the data is corrupt (\(detail)); the file is damaged or not what its name says"
        case -4: "\(operation.rawValue) failed: out of memory (\(detail))"
        case -5: "\(operation.rawValue) failed: the data ends too soon (\(detail)); the file is truncated"
        default: "\(operation.rawValue) failed: \(detail) (zlib code \(code))"
        }
    }

    public var description: String { message }
}
