// SPDX-License-Identifier: Apache-2.0

public import Glibc
public import struct SystemPackage.FileDescriptor

/// The system calls every module makes, wrapped once, with one rule for EINTR.
///
/// **The EINTR rule.** A call that a signal interrupts before it did anything (`open`, `read`,
/// `write`, `send`) is made again. `close` is never made again: on Linux the descriptor is gone
/// either way, and a retry could close one another thread just opened. `poll` is not retried
/// here: its caller knows how much of its timeout is left (see `EventLoop`).
///
/// Calls that belong to one module (libevdev's, the framebuffer's ioctls, inotify's) stay in
/// that module's `Internals/Syscalls.swift`, built on these.
public enum SystemCall {
    /// Runs `call` until a signal does not interrupt it; -1 with errno becomes the error.
    public static func retryingInterrupts<Value: FixedWidthInteger>(_ call: () -> Value) -> Result<Value, Errno> {
        while true {
            let result = valueOrErrno(call())
            if case .failure(let error) = result, error.rawValue == EINTR { continue }
            return result
        }
    }

    /// Opens `path`. (open)
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, Errno> {
        retryingInterrupts { Glibc.open(path, flags, mode) }
    }

    /// Closes a descriptor, once. (close)
    @discardableResult
    public static func close(_ descriptor: Int32) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.close(descriptor))
    }

    /// Reads up to `buffer.count` bytes. (read)
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        retryingInterrupts { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Writes up to `buffer.count` bytes. (write)
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        retryingInterrupts { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Writes every byte, or stops at the first error. (write)
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Result<Void, Errno> {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Writes every byte, or stops at the first error. (write)
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
        var offset = 0
        while offset < bytes.count {
            switch write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
            case .success(let count): offset += count
            case .failure(let error): return .failure(error)
            }
        }
        return .success(())
    }

    /// Closes a descriptor, once. (close)
    @discardableResult
    public static func close(_ descriptor: FileDescriptor) -> Result<Int32, Errno> {
        close(descriptor.rawValue)
    }

    /// Reads up to `buffer.count` bytes. (read)
    public static func read(_ descriptor: FileDescriptor, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        read(descriptor.rawValue, buffer)
    }

    /// Why `readToEnd` stopped before the end.
    public enum ReadToEndFailure: Error, Sendable, Hashable {
        /// More than the limit came.
        case tooLarge
        /// A read failed.
        case failed(Errno)
    }

    /// Reads `descriptor` to its end in chunks, after what `bytes` holds, and stops once `bytes`
    /// holds more than `maxBytes`: the one loop for input whose size is not known beforehand (a
    /// pipe, a file that grew while it was read). (read)
    public static func readToEnd(
        _ descriptor: FileDescriptor, appendingTo bytes: inout [UInt8], maxBytes: Int
    ) -> Result<Void, ReadToEndFailure> {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            switch chunk.withUnsafeMutableBytes({ read(descriptor, $0) }) {
            case .success(0): return .success(())
            case .success(let count):
                bytes.append(contentsOf: chunk[..<count])
                if bytes.count > maxBytes { return .failure(.tooLarge) }
            case .failure(let error): return .failure(.failed(error))
            }
        }
    }

    /// Writes up to `buffer.count` bytes. (write)
    public static func write(_ descriptor: FileDescriptor, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        write(descriptor.rawValue, buffer)
    }

    /// Writes every byte, or stops at the first error. (write)
    @discardableResult
    public static func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8]) -> Result<Void, Errno> {
        writeAll(descriptor.rawValue, bytes)
    }

    /// Writes every byte, or stops at the first error. (write)
    @discardableResult
    public static func writeAll(_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
        writeAll(descriptor.rawValue, bytes)
    }

    /// Waits up to `timeout` milliseconds (-1: none) for the descriptors; the count ready, or
    /// EINTR for the caller to decide. (poll)
    public static func poll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: Int32) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.poll(descriptors, nfds_t(count), timeout))
    }

    /// Whether anything (a file, a directory, a link that resolves) is at the path. (stat)
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The names in a directory, without . and .., or the error. (opendir, readdir)
    public static func directoryEntries(_ path: String) -> Result<[String], Errno> {
        guard let directory = opendir(path) else { return .failure(.current) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// CLOCK_MONOTONIC in microseconds: the clock evdev stamps key events with. (clock_gettime)
    public static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }
}
