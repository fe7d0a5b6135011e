// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// Where baresip's `ctrl_tcp` listens, as `[dial] control` gives it: `127.0.0.1:4444`,
/// `[::1]:4444` or `localhost:4444`. Only loopback is taken: `ctrl_tcp` has no authentication
/// (whoever reaches it can dial), and t9dial's service may reach loopback only.
public struct BaresipControlAddress: Sendable, Hashable, CustomStringConvertible {
    public enum Host: Sendable, Hashable {
        /// An IPv4 loopback address (127.0.0.0/8), its four bytes.
        case ipv4(UInt8, UInt8, UInt8, UInt8)
        /// `::1`.
        case ipv6Loopback
    }

    public var host: Host
    public var port: UInt16

    public init(host: Host, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Reads `text` (`HOST:PORT`), or says why it is not a loopback address t9dial can use.
    public init(parsing text: String) throws(BaresipAddressError) {
        let trimmed = text.trimmingBlanks()
        let hostText: Substring
        let portText: Substring
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { throw BaresipAddressError(address: text, problem: .malformed) }
            hostText = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            guard rest.hasPrefix(":") else { throw BaresipAddressError(address: text, problem: .noPort) }
            portText = rest.dropFirst()
        } else {
            guard let colon = trimmed.lastIndex(of: ":") else { throw BaresipAddressError(address: text, problem: .noPort) }
            hostText = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
            if hostText.contains(":") { throw BaresipAddressError(address: text, problem: .malformed) }
        }
        guard !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), portText.count <= 5, let port = Int(portText),
            (1...65535).contains(port)
        else { throw BaresipAddressError(address: text, problem: .badPort) }
        self.port = UInt16(port)
        self.host = try Self.loopbackHost(String(hostText), address: text)
    }

    private static func loopbackHost(_ text: String, address: String) throws(BaresipAddressError) -> Host {
        switch text.lowercased() {
        case "": throw BaresipAddressError(address: address, problem: .malformed)
        case "localhost": return .ipv4(127, 0, 0, 1)
        case "::1", "0:0:0:0:0:0:0:1": return .ipv6Loopback
        default: break
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let bytes = parts.compactMap { part -> UInt8? in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return UInt8(part)
        }
        guard parts.count == 4, bytes.count == 4 else { throw BaresipAddressError(address: address, problem: .notLoopback(text)) }
        guard bytes[0] == 127 else { throw BaresipAddressError(address: address, problem: .notLoopback(text)) }
        return .ipv4(bytes[0], bytes[1], bytes[2], bytes[3])
    }

    /// `127.0.0.1:4444`, `[::1]:4444`.
    public var description: String {
        switch host {
        case .ipv4(let a, let b, let c, let d): "\(a).\(b).\(c).\(d):\(port)"
        case .ipv6Loopback: "[::1]:\(port)"
        }
    }
}

/// Why `[dial] control` is not an address t9dial talks to baresip at.
public struct BaresipAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        case malformed
        case noPort
        case badPort
        /// The host, which is not a loopback address.
        case notLoopback(String)
    }

    public var address: String
    public var problem: Problem

    public init(address: String, problem: Problem) {
        self.address = address
        self.problem = problem
    }

    public var description: String {
        let start = "baresip control address \"\(address)\""
        switch problem {
        case .malformed:
            return "\(start) is not HOST:PORT; write it as 127.0.0.1:4444, the ctrl_tcp_listen of baresip's config"
        case .noPort:
            return "\(start) has no port; write it as 127.0.0.1:4444, the ctrl_tcp_listen of baresip's config"
        case .badPort:
            return "\(start) has no valid port (1-65535); write it as 127.0.0.1:4444"
        case .notLoopback(let host):
            return "\(start): \(host) is not a loopback address; ctrl_tcp has no authentication, so t9dial talks to it only on "
                + "127.0.0.0/8, ::1 or localhost (and its service may reach nothing else): set ctrl_tcp_listen 127.0.0.1:4444 in "
                + "baresip's config and control = \"127.0.0.1:4444\""
        }
    }
}
