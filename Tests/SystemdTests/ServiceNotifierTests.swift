// SPDX-License-Identifier: Apache-2.0

import Glibc
@testable import Systemd
import Testing

/// sd_notify against a real datagram socket, bound where systemd's would be.
@Suite("Telling systemd how the service is doing")
struct ServiceNotifierTests {
    /// A bound datagram socket standing in for systemd's, and what it received.
    final class FakeSystemd {
        let path: String
        let descriptor: Int32

        init() {
            path = "/tmp/t9dial-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (offset, byte) in path.utf8.enumerated() { bytes[offset] = byte }
            }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        /// The datagrams received so far.
        func received() -> [String] {
            var messages: [String] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { return messages }
                messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
        }
    }

    @Test("Ready, status, reloading, watchdog and stopping reach the socket, one datagram each")
    func notifications() {
        let systemd = FakeSystemd()
        let notifier = ServiceNotifier(notifySocket: systemd.path, watchdogMicroseconds: nil, watchdogProcess: nil)
        let active = notifier.isActive
        #expect(active)
        notifier.ready(status: "12 contacts, reading /dev/input/event3")
        notifier.status("12 contacts,\nno keypad plugged in")
        notifier.reloading()
        notifier.watchdogPing()
        notifier.stopping()
        #expect(
            systemd.received() == [
                "READY=1\nSTATUS=12 contacts, reading /dev/input/event3",
                "STATUS=12 contacts, no keypad plugged in",
                "RELOADING=1\nSTATUS=reloading the config and the contacts",
                "WATCHDOG=1",
                "STOPPING=1",
            ])
    }

    @Test(
        "Not under systemd, or a socket it cannot use: nothing is sent and nothing fails",
        arguments: [nil, "", "relative/path", "/" + String(repeating: "x", count: 200)] as [String?]
    )
    func inactive(socket: String?) {
        let notifier = ServiceNotifier(notifySocket: socket, watchdogMicroseconds: nil, watchdogProcess: nil)
        let active = notifier.isActive
        #expect(!active)
        notifier.ready(status: "ignored")
    }

    @Test(
        "The watchdog interval applies to this process only, and only when positive",
        arguments: [
            ("30000000", nil, 30_000_000),
            ("30000000", "self", 30_000_000),
            ("30000000", "1", nil),
            ("0", nil, nil),
            ("-5", nil, nil),
            ("soon", nil, nil),
            (nil, nil, nil),
        ] as [(String?, String?, Int64?)]
    )
    func watchdog(microseconds: String?, process: String?, expected: Int64?) {
        let pid = process == "self" ? String(getpid()) : process
        let notifier = ServiceNotifier(notifySocket: nil, watchdogMicroseconds: microseconds, watchdogProcess: pid)
        let interval = notifier.watchdogInterval
        #expect(interval == expected)
    }
}
