// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import InputEvents
import Telephony
import struct SystemPackage.FileDescriptor

/// A TCP listener on 127.0.0.1 that plays baresip's `ctrl_tcp` for a test: it takes the line's
/// connection, reads its commands, and writes events and responses, whole, cut byte by byte,
/// or several in one write. The test drives the line itself (`pump`), with times it chooses.
final class ScriptedBaresip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var listener: Int32 = -1
    private(set) var client: Int32 = -1
    private(set) var port: UInt16 = 0
    private var received: [UInt8] = []

    /// Listens on a port the kernel picks, or on `port` (to play a baresip started again),
    /// with room for `backlog` connections not accepted yet (0: one; the kernel then drops
    /// the handshake of the next, which waits).
    init(port: UInt16 = 0, backlog: Int32 = 5) throws {
        try listen(port: port, backlog: backlog)
    }

    deinit {
        closeClient()
        closeListener()
    }

    var control: String { "127.0.0.1:\(port)" }

    func listen(port wanted: UInt16, backlog: Int32 = 5) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = wanted.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
            close(descriptor)
            throw Failure(description: "bind/listen on port \(wanted): errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            _ = $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Takes the connection the line made (it is in the backlog already: connect returned).
    func accept() throws {
        guard wait(listener, for: Int16(POLLIN)) else { throw Failure(description: "no connection came") }
        closeClient()
        client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { throw Failure(description: "accept: errno \(errno)") }
    }

    /// Whether a connection waits in the listener's queue now.
    func hasPendingConnection() -> Bool {
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    func closeClient() {
        if client >= 0 { close(client) }
        client = -1
        received = []
    }

    func closeListener() {
        if listener >= 0 { close(listener) }
        listener = -1
    }

    /// Another client's connection to the listener (another t9dial, a script), left in its
    /// queue; closed by the caller.
    func connectOtherClient() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw Failure(description: "connect to port \(port): errno \(errno)") }
        return descriptor
    }

    /// Writes `bytes` as they are.
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Writes each message framed as a netstring, all in one write.
    func send(_ messages: String...) {
        write(messages.flatMap { Netstring.encode(Array($0.utf8)) })
    }

    /// The commands the line sent since the last call, as JSON objects; waits for at least
    /// `count` of them.
    func commands(atLeast count: Int = 1) throws -> [[String: String]] {
        var decoder = NetstringDecoder()
        var messages = decoder.feed(received)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while messages.count < count {
            guard wait(client, for: Int16(POLLIN)) else { throw Failure(description: "waited for \(count) commands, got \(messages.count)") }
            let got = recv(client, &buffer, buffer.count, 0)
            guard got > 0 else { throw Failure(description: "the line closed the connection") }
            received += buffer[..<got]
            decoder = NetstringDecoder()
            messages = decoder.feed(received)
        }
        received = []
        return try messages.map { payload in
            guard let object = try JSONSerialization.jsonObject(with: Data(payload)) as? [String: String] else {
                throw Failure(description: "not a command: \(String(decoding: payload, as: UTF8.self))")
            }
            return object
        }
    }

    /// Whether the peer closed the connection (what it sent before is read and dropped).
    func peerClosed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while wait(client, for: Int16(POLLIN)) {
            if recv(client, &buffer, buffer.count, 0) <= 0 { return true }
        }
        return false
    }

    /// Waits up to five seconds for `events` on `descriptor`: the bound of a test that fails.
    private func wait(_ descriptor: Int32, for events: Int16) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        return poll(&entry, 1, 5000) > 0
    }
}

/// Wakes `line` once what the scripted baresip wrote is readable (up to five seconds), at `now`.
func pump(_ line: BaresipLine, at now: Microseconds) -> [LineEvent] {
    var entries = line.descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    _ = poll(&entries, nfds_t(entries.count), 5000)
    return line.wake(readable: entries.filter { $0.revents != 0 }.map { FileDescriptor(rawValue: $0.fd) }, at: now)
}

/// The events of `events` that are not log lines or the line's state.
func calls(_ events: [LineEvent]) -> [LineEvent] {
    events.filter {
        switch $0 {
        case .log, .lineState: return false
        default: return true
        }
    }
}
