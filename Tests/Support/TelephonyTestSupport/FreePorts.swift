// SPDX-License-Identifier: Apache-2.0

import Glibc

/// Ports on 127.0.0.1 that the kernel says are free now, so that tests running at once never
/// share one. A port is free from the moment it is asked to the moment the program binds it
/// only as long as nothing else takes it; the programs' harnesses start again with others when
/// a bind fails.
public enum FreePorts {
    /// A TCP port free on 127.0.0.1.
    public static func tcp() -> UInt16 { free(SOCK_STREAM, 0) ?? 0 }

    /// A UDP port free on 127.0.0.1.
    public static func udp() -> UInt16 { free(SOCK_DGRAM, 0) ?? 0 }

    /// A port free for SIP on 127.0.0.1: UDP and TCP on it, and TCP on the next one (baresip
    /// listens for TLS there).
    public static func sip() -> UInt16 {
        for _ in 0..<50 {
            guard let port = free(SOCK_STREAM, 0), port < 65535 else { continue }
            if free(SOCK_DGRAM, port) != nil, free(SOCK_STREAM, port + 1) != nil { return port }
        }
        return 0
    }

    /// Binds a socket of `type` to 127.0.0.1:`port` (0: the kernel picks), closes it, and gives
    /// the port; nil when it is taken.
    static func free(_ type: __socket_type, _ port: UInt16) -> UInt16? {
        let descriptor = socket(AF_INET, Int32(type.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = loopback(port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// 127.0.0.1:`port` as a socket address.
    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
