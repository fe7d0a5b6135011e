// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc

/// Debian's real ModemManager driving a simulated AT modem, on a private system bus, for tests:
/// `Tests/Support/modemmanager/rig.py` run under `unshare -m` (as a child: the test process
/// stays in the machine's namespaces), with dbus-daemon, polkitd and
/// `ModemManager --test-enable --no-auto-scan` inside, and the modem's far end scripted through
/// `command`. The bus's socket is in the rig's folder, at `address`.
///
/// One rig serves a whole suite (`shared`); `reset` puts the modem back between tests. The rig
/// ends when the test process does: it watches a pipe whose other end only this process holds,
/// and takes its daemons with it.
public final class RealModemManager: @unchecked Sendable {
    static let rig = PackagePaths.root + "/Tests/Support/modemmanager/rig.py"
    static let programs = [
        "/usr/sbin/ModemManager", "/usr/lib/polkit-1/polkitd", "/usr/bin/dbus-daemon", "/usr/bin/dbus-send", "/usr/bin/unshare", "/usr/bin/python3",
        "/usr/bin/setpriv", "/usr/bin/systemd-stdio-bridge", "/usr/bin/stdbuf",
    ]

    /// Why the rig cannot run here, or nil when it can: it needs root (a mount namespace) and
    /// Debian's modemmanager, polkitd and dbus (`make deps` installs them).
    public static let unavailable: String? = {
        if geteuid() != 0 { return "needs root, for a private mount namespace (CI runs the tests as root)" }
        let missing = programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        if !missing.isEmpty { return "needs \(missing.joined(separator: ", ")) (make deps installs modemmanager, polkitd, dbus)" }
        // Root in a container may still be refused a mount namespace (no CAP_SYS_ADMIN).
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-m", "--propagation", "private", "/bin/true"]
        probe.standardInput = FileHandle.nullDevice
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "cannot run unshare" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "needs a mount namespace, and unshare -m is refused here (a container without CAP_SYS_ADMIN?)"
    }()

    /// The rig the tests of a run share, started at its first use.
    public static let shared: Result<RealModemManager, LiveProgramError> = {
        do { return .success(try RealModemManager()) } catch let error as LiveProgramError { return .failure(error) } catch {
            return .failure(LiveProgramError(description: "\(error)"))
        }
    }()

    public let directory: String
    /// The private system bus's D-Bus address.
    public var address: String { "unix:path=\(directory)/run-dbus/system_bus_socket" }
    private let process = Process()
    private let lifeline = Pipe()

    /// Starts the rig and waits until ModemManager has the simulated modem.
    public init() throws {
        directory = try PackagePaths.temporaryDirectory("t9dial-mmr")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "--propagation", "private", "/usr/bin/python3", Self.rig, directory]
        let output = FileManager.default.createFile(atPath: directory + "/rig.log", contents: nil) ? FileHandle(forWritingAtPath: directory + "/rig.log") : nil
        // Only the rig gets the pipe (as its standard input): another child of the test process
        // holding the write end would keep the rig alive past the tests.
        for end in [lifeline.fileHandleForReading, lifeline.fileHandleForWriting] { _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC) }
        process.standardInput = lifeline
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try? output?.close()
        try? lifeline.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(90)
        while !FileManager.default.fileExists(atPath: directory + "/ready") {
            let failed = try? String(contentsOfFile: directory + "/failed", encoding: .utf8)
            if failed != nil || !process.isRunning || Date() > deadline {
                let why = failed ?? (process.isRunning ? "not ready after 90 s" : "it ended")
                stop()
                throw LiveProgramError(description: "the ModemManager rig did not start: \(why)\n\(logs)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    deinit { stop() }

    /// The tests of every suite share the one rig, and suites run at once: a test holds the
    /// rig from its reset to its end, so that no other test resets the modem, or starts
    /// ModemManager again, under it.
    private let turn = DispatchSemaphore(value: 1)

    /// The rig held by one test until this is released.
    public final class Turn: @unchecked Sendable {
        let rig: RealModemManager
        init(_ rig: RealModemManager) { self.rig = rig }
        deinit { rig.turn.signal() }
    }

    /// Waits until no other test holds the rig, resets it, and holds it until the turn is
    /// released.
    public func take() throws -> Turn {
        turn.wait()
        let held = Turn(self)
        try command("reset")
        return held
    }

    /// Stops ModemManager, polkitd and the bus.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// What the rig, ModemManager (its debug log, with every AT command) and polkitd said.
    public var logs: String {
        ["rig", "modemmanager", "polkitd", "dbus-daemon"].map { name in
            let text = (try? String(contentsOfFile: "\(directory)/\(name).log", encoding: .utf8)) ?? ""
            return "--- \(name).log (last lines)\n" + text.split(separator: "\n").suffix(40).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Sends the rig one command (rig.py lists them) and returns what it answered after "ok".
    @discardableResult
    public func command(_ words: String...) throws -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LiveProgramError(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((directory + "/control.sock").utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.prefix(raw.count - 1).enumerated() { raw[index] = UInt8(bitPattern: byte) }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw LiveProgramError(description: "cannot reach the ModemManager rig: errno \(errno)\n\(logs)") }
        let request = Array((words.joined(separator: " ") + "\n").utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else {
            throw LiveProgramError(description: "cannot write to the ModemManager rig")
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while reply.last != UInt8(ascii: "\n") {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reply += buffer[..<count]
        }
        let text = String(decoding: reply, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard text.hasPrefix("ok") else { throw LiveProgramError(description: "rig \(words.joined(separator: " ")): \(text)\n\(logs)") }
        return String(text.dropFirst(2)).trimmingCharacters(in: .whitespaces)
    }

    /// The AT commands ModemManager sent the modem since the last `reset`, in order.
    public func sentCommands() throws -> [String] { try command("log").split(separator: "|").map(String.init) }

    /// The modem's calls as `+CLCC` lists them.
    public func calls() throws -> [String] { try command("calls").split(separator: "|").map(String.init) }

    /// The calls ModemManager holds, each as "PATH STATE" (MMCallState's name).
    public func modemManagerCalls() throws -> [String] { try command("mm-calls").split(separator: "|").map(String.init) }

    /// The modem's state as ModemManager says (MMModemState: 3 disabled, 8 registered).
    public func modemState() throws -> Int? { Int(try command("state")) }

    /// The D-Bus address of the rig's bus for a client running as `uid`: through
    /// `systemd-stdio-bridge` started by `setpriv`, so that the bus and polkit see that user.
    public func address(asUser uid: Int) -> String {
        let arguments = [
            "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "/usr/bin/systemd-stdio-bridge", "--bus-path=\(address)",
        ]
        let argv = arguments.enumerated().map { "argv\($0.offset)=\(Self.escape($0.element))" }
        return "unixexec:path=/usr/bin/setpriv," + argv.joined(separator: ",")
    }

    /// A D-Bus address value: bytes other than `-0-9A-Za-z_/.\*` as `%XX`.
    static func escape(_ value: String) -> String {
        value.utf8.map { byte in
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isAlphabetic && byte < 128 || (48...57).contains(byte) || "-_/.\\*".unicodeScalars.contains(scalar) {
                return String(scalar)
            }
            return String(format: "%%%02x", byte)
        }.joined()
    }
}
