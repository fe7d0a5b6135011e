// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// Tells systemd how the service is doing, as sd_notify(3) does: ready once the book is
/// loaded, a status line, reloading, and the watchdog's pings. Outside systemd (no
/// `NOTIFY_SOCKET`) every call does nothing, so the same program runs by hand.
///
/// A `Type=notify` unit waits for `ready`; with `WatchdogSec=` systemd restarts a service that
/// has not pinged within the interval, so a hung loop does not go unnoticed.
public struct ServiceNotifier: ~Copyable {
    /// The notification socket, or nil when not started by systemd.
    private let descriptor: FileDescriptor?
    private let address: sockaddr_un
    private let addressLength: socklen_t
    /// How often systemd expects a ping (`WATCHDOG_USEC`), when it asks this process for them.
    public let watchdogInterval: Int64?

    /// From this process's environment: `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`.
    public init() {
        self.init(
            notifySocket: Self.variable("NOTIFY_SOCKET"), watchdogMicroseconds: Self.variable("WATCHDOG_USEC"),
            watchdogProcess: Self.variable("WATCHDOG_PID")
        )
    }

    /// From the values of those variables. A socket path starting with `@` is in the abstract
    /// namespace. The watchdog applies when its process id, if given, is this process's.
    public init(notifySocket: String?, watchdogMicroseconds: String?, watchdogProcess: String?) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let path = Array((notifySocket ?? "").utf8)
        let usable = !path.isEmpty && path.count < capacity && (path[0] == UInt8(ascii: "/") || path[0] == UInt8(ascii: "@"))
        var length = socklen_t(0)
        var descriptor: FileDescriptor?
        if usable, case .success(let socket) = Syscalls.unixDatagramSocket() {
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (offset, byte) in path.enumerated() { bytes[offset] = byte }
                // The abstract namespace starts with a NUL byte, and its name is not NUL-ended.
                if path[0] == UInt8(ascii: "@") { bytes[0] = 0 }
            }
            length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path[0] == UInt8(ascii: "@") ? 0 : 1))
            descriptor = socket
        }
        self.descriptor = descriptor
        self.address = address
        self.addressLength = length
        let forThisProcess = watchdogProcess.map { Int32($0) == Syscalls.processID() } ?? true
        self.watchdogInterval = watchdogMicroseconds.flatMap { Int64($0) }.flatMap { $0 > 0 && forThisProcess ? $0 : nil }
    }

    deinit {
        if let descriptor { SystemCall.close(descriptor) }
    }

    /// Whether systemd listens: the service was started with a notification socket.
    public var isActive: Bool { descriptor != nil }

    /// The service is up: the book is loaded and keys are read. (`READY=1`)
    public func ready(status: String) { send(["READY=1", "STATUS=" + Self.oneLine(status)]) }

    /// The line `systemctl status` shows. (`STATUS=`)
    public func status(_ status: String) { send(["STATUS=" + Self.oneLine(status)]) }

    /// A reload has begun; `ready` ends it. (`RELOADING=1`)
    public func reloading() { send(["RELOADING=1", "STATUS=reloading the config and the contacts"]) }

    /// The service is alive. (`WATCHDOG=1`)
    public func watchdogPing() { send(["WATCHDOG=1"]) }

    /// The service is stopping. (`STOPPING=1`)
    public func stopping() { send(["STOPPING=1"]) }

    /// Sends one notification. A failure is not reported: systemd going away is no reason for
    /// the dialer to stop, and a missed ping shows in `systemctl status` anyway.
    private func send(_ assignments: [String]) {
        guard let descriptor else { return }
        _ = Syscalls.send(descriptor, Array(assignments.joined(separator: "\n").utf8), to: address, length: addressLength)
    }

    /// A status is one line: a newline would start another assignment.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private static func variable(_ name: String) -> String? { Syscalls.environment(name) }
}
