// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerConfig
import Telephony

extension Doctor {
    /// `[dial] method = "baresip"`: something listens on the control port, and only on
    /// loopback. Read from the kernel's socket tables (/proc/net/tcp, tcp6), not by connecting:
    /// ctrl_tcp takes one client, and a new one would take it from the running t9dial.
    /// Whether baresip is registered only the running t9dial knows: its service's STATUS line
    /// ends with the line's problem ("SIP not registered: 403 Forbidden") while there is one.
    func baresipCheck(_ dial: BaresipSettings, subject: String) -> DoctorCheck {
        guard let address = try? BaresipControlAddress(parsing: dial.control) else {
            return DoctorCheck(.problem, subject, "control \(dial.control) is not a loopback address", fix: "set control = \"127.0.0.1:4444\"")
        }
        let listeners = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { table in
            ListeningSocket.parse(system.text(of: table) ?? "").filter { $0.port == address.port }
        }
        let baresipFix = "set ctrl_tcp_listen \(address) in \(programFiles.baresipExample), and restart baresip"
        guard !listeners.isEmpty else {
            return DoctorCheck(
                .problem, subject,
                "method baresip, but nothing listens on port \(address.port): baresip is not running, or its ctrl_tcp_listen is another port",
                fix: "start baresip (sudo systemctl start baresip, see Calling over SIP in t9dial's docs/calling.md); "
                    + "its ctrl_tcp_listen must be \(address)")
        }
        if let open = listeners.first(where: \.isAnyAddress) {
            return DoctorCheck(
                .problem, subject, "baresip's ctrl_tcp listens on every address (\(open.host):\(open.port)): anyone on the network can dial",
                fix: baresipFix)
        }
        if let exposed = listeners.first(where: { !$0.isLoopback }) {
            return DoctorCheck(
                .problem, subject, "baresip's ctrl_tcp listens on \(exposed.host):\(exposed.port), which is not loopback: others can dial",
                fix: baresipFix)
        }
        let listening = "method baresip: its ctrl_tcp listens on port \(address.port), on loopback only"
        guard let service = system.serviceState(), ["active", "reloading"].contains(service.active) else {
            return DoctorCheck(.ok, subject, listening + "; whether its account is registered, the running service says")
        }
        if let said = service.status.split(separator: "; ").last(where: { $0.hasPrefix("SIP not") }) {
            return DoctorCheck(
                .problem, subject, listening + ", but the service says: \(said)",
                fix: "check the account in baresip's accounts file (user, auth_pass, domain) and journalctl -u baresip")
        }
        return DoctorCheck(.ok, subject, listening + "; the service reaches it, and its account is registered (or does not register)")
    }
}

/// A TCP socket in LISTEN state, from a line of /proc/net/tcp or /proc/net/tcp6.
struct ListeningSocket: Sendable, Hashable {
    /// The local address as the kernel writes it, decoded: "127.0.0.1", "0.0.0.0", "::1", "::".
    var host: String
    var port: UInt16
    var isAnyAddress: Bool
    var isLoopback: Bool

    /// The listening sockets of a /proc/net/tcp or tcp6 table; other lines are skipped.
    static func parse(_ table: String) -> [ListeningSocket] {
        table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            // sl local_address rem_address st ...; st 0A is LISTEN.
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            let local = fields[1].split(separator: ":")
            guard local.count == 2, let port = UInt16(local[1], radix: 16) else { return nil }
            return socket(hexAddress: String(local[0]), port: port)
        }
    }

    /// The kernel writes an address as 32-bit words in host order (little-endian here), each in
    /// hex: 0100007F is 127.0.0.1.
    private static func socket(hexAddress hex: String, port: UInt16) -> ListeningSocket? {
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
            return ListeningSocket(host: bytes.map(String.init).joined(separator: "."), port: port, isAnyAddress: any, isLoopback: bytes[0] == 127)
        }
        let loopback = bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
        // ::ffff:127.x.x.x, an IPv4 loopback address on an IPv6 socket.
        let mappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        let host = any ? "::" : loopback ? "::1" : bytes.map { String($0, radix: 16) }.joined(separator: ":")
        return ListeningSocket(host: host, port: port, isAnyAddress: any, isLoopback: loopback || mappedLoopback)
    }
}
