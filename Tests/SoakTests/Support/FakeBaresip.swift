// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import Synchronization
import Telephony

/// baresip's `ctrl_tcp` played on 127.0.0.1 by a thread of its own, for a run that follows
/// thousands of calls: `BaresipLine` connects to it as to baresip, and it answers each command
/// at once as baresip does, with the call events the test asked for. `reginfo` says the account
/// is registered; `dial` rings the far end and then does what `nextDial` says; `hangup` closes
/// the current call as hung up here, `accept` connects the call ringing here, `sndcode` is
/// taken. The test makes calls ring here (`ring(from:)`) and the far end hang up
/// (`hangUpThere`).
final class FakeBaresip: Sendable {
    /// What the far end does with the next call dialled.
    enum FarEnd: Sendable {
        /// Rings, then answers.
        case answers
        /// Is busy: the call closes before it rings.
        case busy
        /// Rings until someone hangs up.
        case rings
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct State {
        var nextDial = FarEnd.answers
        /// Messages for the line, written by the thread.
        var outbox: [String] = []
        /// The call baresip has now: its id, which way it goes, its peer.
        var call: (id: String, direction: String, peer: String)?
        var calls = 0
        var commands = 0
        var stopping = false
    }

    let port: UInt16
    private let listener: Int32
    /// Written by the test to wake the thread: messages wait in the outbox, or it must stop.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())
    private let finished = Mutex(false)

    /// Listens on a port the kernel picks and starts the thread.
    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 5) == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "bind/listen on 127.0.0.1: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            _ = $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "pipe: errno \(errno)")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        wakeRead = ends[0]
        wakeWrite = ends[1]
        let baresip = self
        Thread { baresip.serve() }.start()
    }

    /// Stops the thread and waits for it, then closes the sockets.
    func stop() {
        state.withLock { $0.stopping = true }
        wake()
        while !finished.withLock({ $0 }) { usleep(1000) }
        Glibc.close(listener)
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// `[dial] control` for this baresip.
    var control: String { "127.0.0.1:\(port)" }

    /// What the far end does with the next call dialled.
    func setNextDial(_ farEnd: FarEnd) { state.withLock { $0.nextDial = farEnd } }

    /// How many commands the line sent.
    var commands: Int { state.withLock { $0.commands } }

    /// A call from `number` rings here.
    func ring(from number: String) {
        state.withLock { state in
            state.calls += 1
            let call = (id: "in\(state.calls)", direction: "incoming", peer: "sip:\(number)@127.0.0.1")
            state.call = call
            state.outbox.append(Self.event("CALL_INCOMING", call))
        }
        wake()
    }

    /// The far end ends the current call ("Connection reset by peer"): hung up there, or for
    /// a call ringing here, missed.
    func hangUpThere(reason: String = "Connection reset by peer") {
        state.withLock { state in
            guard let call = state.call else { return }
            state.call = nil
            state.outbox.append(Self.event("CALL_CLOSED", call, param: reason))
        }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The thread

    private func serve() {
        var client: Int32 = -1
        var decoder = NetstringDecoder()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        defer {
            if client >= 0 { Glibc.close(client) }
            finished.withLock { $0 = true }
        }
        while !state.withLock({ $0.stopping }) {
            var entries = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if client >= 0 { entries.append(pollfd(fd: client, events: Int16(POLLIN), revents: 0)) }
            guard poll(&entries, nfds_t(entries.count), -1) > 0 else { continue }
            if entries[1].revents != 0 {
                while read(wakeRead, &buffer, buffer.count) > 0 {}
            }
            if entries[0].revents != 0 {
                // baresip takes one control client at a time: a new one replaces the old.
                if client >= 0 { Glibc.close(client) }
                client = accept(listener, nil, nil)
                if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
                decoder = NetstringDecoder()
            }
            if client >= 0, entries.count > 2, entries[2].revents != 0 {
                let count = recv(client, &buffer, buffer.count, 0)
                if count <= 0 {
                    Glibc.close(client)
                    client = -1
                } else {
                    for payload in decoder.feed(buffer[..<count]) { answer(payload) }
                }
            }
            let outbox = state.withLock { state in
                defer { state.outbox = [] }
                return state.outbox
            }
            if client >= 0 {
                for message in outbox { send(message, to: client) }
            }
        }
    }

    /// Queues baresip's answer to one command, and the events it brings.
    private func answer(_ payload: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else { return }
        let command = object["command"] as? String ?? ""
        let params = object["params"] as? String ?? ""
        let token = object["token"] as? String ?? ""
        state.withLock { state in
            state.commands += 1
            switch command {
            case "reginfo":
                state.outbox.append(Self.response(token, data: "\\n--- User Agents (1) ---\\n> sip:t9dial@127.0.0.1  OK  Expires 3600s\\n"))
            case "dial":
                state.outbox.append(Self.response(token))
                state.calls += 1
                let call = (id: "out\(state.calls)", direction: "outgoing", peer: "sip:\(params)@127.0.0.1")
                switch state.nextDial {
                case .answers:
                    state.call = call
                    state.outbox += [Self.event("CALL_RINGING", call), Self.event("CALL_ESTABLISHED", call)]
                case .busy:
                    state.outbox.append(Self.event("CALL_CLOSED", call, param: "486 Busy Here"))
                case .rings:
                    state.call = call
                    state.outbox.append(Self.event("CALL_RINGING", call))
                }
            case "accept":
                state.outbox.append(Self.response(token))
                if let call = state.call { state.outbox.append(Self.event("CALL_ESTABLISHED", call)) }
            case "hangup":
                state.outbox.append(Self.response(token))
                if let call = state.call {
                    state.call = nil
                    state.outbox.append(Self.event("CALL_CLOSED", call, param: "Connection reset by user"))
                }
            default:
                state.outbox.append(Self.response(token))
            }
        }
    }

    private func send(_ message: String, to client: Int32) {
        let bytes = Netstring.encode(Array(message.utf8))
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    private static func response(_ token: String, data: String = "") -> String {
        #"{"response":true,"ok":true,"data":"\#(data)","token":"\#(token)"}"#
    }

    private static func event(_ type: String, _ call: (id: String, direction: String, peer: String), param: String = "") -> String {
        #"{"event":true,"type":"\#(type)","class":"call","accountaor":"sip:t9dial@127.0.0.1","direction":"\#(call.direction)","#
            + #""peeruri":"\#(call.peer)","id":"\#(call.id)","param":"\#(param)"}"#
    }
}
