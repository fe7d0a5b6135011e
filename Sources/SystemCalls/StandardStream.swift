// SPDX-License-Identifier: Apache-2.0

import Glibc
public import struct SystemPackage.FileDescriptor

/// Standard output or standard error, written with write(2) and nothing in between: no
/// buffer to flush at exit, and a failed write is a value (`WriteFailure`), never a trap.
/// Every line t9dial shows goes through one of these two, so every command meets a full disk or
/// a reader that went away the same way.
///
/// It owns nothing: the descriptor is the process's, open before t9dial starts and never
/// closed here, so a stream can be copied freely.
public struct StandardStream: Sendable, Hashable {
    public let descriptor: FileDescriptor
    /// What a message calls it: "standard output".
    public let name: String

    public static let output = StandardStream(descriptor: .standardOutput, name: "standard output")
    public static let error = StandardStream(descriptor: .standardError, name: "standard error")

    public init(descriptor: FileDescriptor, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Whether the stream is a terminal, where a long load shows its progress as it goes rather
    /// than once. (isatty)
    public var isTerminal: Bool { isatty(descriptor.rawValue) == 1 }

    /// Writes every byte, or throws at the first write that fails. (write)
    public func write(_ bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
        if case .failure(let error) = SystemCall.writeAll(descriptor, bytes) {
            throw WriteFailure(stream: name, errno: error)
        }
    }

    /// Writes every byte, or throws at the first write that fails. (write)
    public func write(_ bytes: [UInt8]) throws(WriteFailure) {
        if case .failure(let error) = SystemCall.writeAll(descriptor, bytes) {
            throw WriteFailure(stream: name, errno: error)
        }
    }

    /// Writes `text` as UTF-8, or throws at the first write that fails. (write)
    public func write(_ text: String) throws(WriteFailure) {
        var text = text
        let result = text.withUTF8 { SystemCall.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        if case .failure(let error) = result { throw WriteFailure(stream: name, errno: error) }
    }
}
