// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A UDP socket on 127.0.0.1 that a SIPp scenario's SDP names as its media address, so the
/// test sees the RTP baresip sends: the DTMF events (RFC 4733 telephone-event, payload type
/// 101) among the audio.
public final class RTPEventListener {
    public let port: UInt16
    private let descriptor: Int32

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw LiveProgramError(description: "socket: errno \(errno)") }
        var address = FreePorts.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else {
            close(descriptor)
            throw LiveProgramError(description: "bind: errno \(errno)")
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }

    /// What came in: how many RTP packets of each payload type, and the telephone events, one
    /// per tone (the event code of each packet that starts one, its marker bit set: 0-9 are
    /// the digits, 10 is `*`, 11 is `#`, 12-15 `A`-`D`).
    public struct Received: Sendable, Equatable {
        public var packetsByType: [UInt8: Int] = [:]
        public var events: [UInt8] = []
        /// PCMU packets (payload type 0) of silence only (every sample 0xFF or 0x7F, G.711
        /// μ-law's zero), as a muted sender sends them, and those with sound.
        public var silentPCMU = 0
        public var soundingPCMU = 0

        public init() {}
    }

    /// Reads what arrives until `seconds` pass or `enough` says so.
    public func receive(for seconds: Double, until enough: (Received) -> Bool = { _ in false }) -> Received {
        var received = Received()
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 2048)
        while Date() < deadline, !enough(received) {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count >= 12 else { continue }
            let payloadType = buffer[1] & 0x7F
            received.packetsByType[payloadType, default: 0] += 1
            if payloadType == 101, buffer[1] & 0x80 != 0, count >= 16 { received.events.append(buffer[12]) }
            if payloadType == 0, count > 12 {
                if buffer[12..<count].allSatisfy({ $0 == 0xFF || $0 == 0x7F }) { received.silentPCMU += 1 } else { received.soundingPCMU += 1 }
            }
        }
        return received
    }
}
