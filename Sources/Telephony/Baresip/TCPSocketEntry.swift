// SPDX-License-Identifier: Apache-2.0

import SystemCalls

/// A TCP socket of this machine as the kernel lists it in /proc/net/tcp and /proc/net/tcp6:
/// read, not connected to, to learn who listens on baresip's control port (`t9dial doctor`)
/// and whether another client holds its one control connection (the line, before it
/// connects). Connecting to find out would take the connection from its holder.
public struct TCPSocketEntry: Sendable, Hashable {
    /// The states t9dial tells apart; the kernel has more (closing, waiting), all `other`.
    public enum State: Sendable, Hashable {
        case listening, established, other
    }

    /// The local address as the kernel writes it, decoded: "127.0.0.1", "0.0.0.0", "::1", "::".
    public var host: String
    public var port: UInt16
    /// The far end's port (0 for a listener).
    public var remotePort: UInt16
    public var state: State
    /// 0.0.0.0 or ::, every address.
    public var isAnyAddress: Bool
    /// 127.x.x.x, ::1 or ::ffff:127.x.x.x (IPv4 loopback on an IPv6 socket).
    public var isLoopback: Bool

    /// The kernel's two tables.
    public static let tables = ["/proc/net/tcp", "/proc/net/tcp6"]
    /// The most t9dial reads of one table: a line is 150 bytes, so some 28,000 sockets. A
    /// larger table is not read (the line then connects without knowing who else is there).
    public static let maximumTableBytes = 4 << 20

    /// The sockets of a /proc/net/tcp or tcp6 table; lines that are not sockets are skipped.
    public static func parse(_ table: String) -> [TCPSocketEntry] {
        table.split(separator: "\n").dropFirst().compactMap { line in
            // sl local_address rem_address st ...; st 0A is LISTEN, 01 ESTABLISHED.
            let fields = line.split(separator: " ")
            guard fields.count > 3 else { return nil }
            let local = fields[1].split(separator: ":")
            let remote = fields[2].split(separator: ":")
            guard local.count == 2, remote.count == 2, let port = UInt16(local[1], radix: 16), let remotePort = UInt16(remote[1], radix: 16)
            else { return nil }
            let state: State = fields[3] == "0A" ? .listening : fields[3] == "01" ? .established : .other
            return entry(hexAddress: String(local[0]), port: port, remotePort: remotePort, state: state)
        }
    }

    /// The sockets of both of the kernel's tables, or nil when one cannot be read.
    public static func readKernelTables() -> [TCPSocketEntry]? {
        var entries: [TCPSocketEntry] = []
        for table in tables {
            guard let bytes = try? RegularFile.read(table, maxBytes: maximumTableBytes) else { return nil }
            entries += parse(String(decoding: bytes, as: UTF8.self))
        }
        return entries
    }

    /// The kernel writes an address as 32-bit words in host order (little-endian here), each in
    /// hex: 0100007F is 127.0.0.1.
    private static func entry(hexAddress hex: String, port: UInt16, remotePort: UInt16, state: State) -> TCPSocketEntry? {
        guard hex.count == 8 || hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 8)
            guard let word = UInt32(hex[index..<next], radix: 16) else { return nil }
            bytes += [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF), UInt8(word >> 24)]
            index = next
        }
        let any = bytes.allSatisfy { $0 == 0 }
        if bytes.count == 4 {
            return TCPSocketEntry(
                host: bytes.map(String.init).joined(separator: "."), port: port, remotePort: remotePort, state: state, isAnyAddress: any,
                isLoopback: bytes[0] == 127)
        }
        let loopback = bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
        let mappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        let host = any ? "::" : loopback ? "::1" : bytes.map { String($0, radix: 16) }.joined(separator: ":")
        return TCPSocketEntry(
            host: host, port: port, remotePort: remotePort, state: state, isAnyAddress: any, isLoopback: loopback || mappedLoopback)
    }
}
