// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A fake ModemManager for tests: a private `dbus-daemon` on a socket in a temporary folder,
/// and Debian's python3-dbusmock on it as `org.freedesktop.ModemManager1`, from the template
/// `Tests/TelephonyTests/ModemManager/modemmanager_template.py` (one modem, `Modem/0`). The
/// test plays the network through the mock interface: `setCallState`, `addIncomingCall`, and
/// `callLog` to see what the line did to a call. Everything is stopped when it is dropped.
public final class FakeModemManager {
    public static let daemon = "/usr/bin/dbus-daemon"
    public static let python = "/usr/bin/python3"
    public static let dbusSend = "/usr/bin/dbus-send"
    /// Whether dbus-daemon, dbus-send and python3-dbusmock (for Debian's own Python) are here
    /// (`make deps` installs them).
    public static var isInstalled: Bool {
        [daemon, python, dbusSend].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/__init__.py")
    }

    /// MMCallState and MMCallStateReason values the tests use.
    public enum State: Int32 { case active = 4, terminated = 7 }
    public enum Reason: UInt32 { case accepted = 3, terminated = 4, refusedOrBusy = 5, error = 6 }

    /// How long the fakes have to end after SIGTERM before SIGKILL: they keep nothing, and
    /// under the test runner a SIGTERM is not always seen as soon as it is sent.
    static let grace = 0.2

    public let directory: String
    /// The bus's D-Bus address, for `ModemManagerLine(bus: .address(...))`.
    public var address: String { "unix:path=\(directory)/bus" }
    private var bus: LiveProcess?
    private var modemManager: LiveProcess?
    private let voice: Bool
    private let sim: Bool

    /// Starts the bus, and ModemManager on it when `running` (with a modem that has voice
    /// calls unless `voice` is false, and a SIM unless `sim` is false).
    public init(running: Bool = true, voice: Bool = true, sim: Bool = true) throws {
        directory = try PackagePaths.temporaryDirectory("t9dial-mm")
        self.voice = voice
        self.sim = sim
        let started = try LiveProcess(
            executable: Self.daemon, arguments: ["--session", "--nofork", "--nopidfile", "--address=\(address)"],
            outputPath: directory + "/dbus-daemon.log")
        bus = started
        guard wait(seconds: 10, until: { FileManager.default.fileExists(atPath: directory + "/bus") }) else {
            throw LiveProgramError(description: "dbus-daemon did not start:\n" + started.output)
        }
        if running { try startModemManager() }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts the fake ModemManager and waits until it owns its name on the bus.
    public func startModemManager() throws {
        stopModemManager()
        let template = PackagePaths.root + "/Tests/TelephonyTests/ModemManager/modemmanager_template.py"
        let started = try LiveProcess(
            executable: "/usr/bin/env",
            arguments: [
                "DBUS_SYSTEM_BUS_ADDRESS=\(address)", Self.python, "-m", "dbusmock", "--system", "-t", template, "-p", "{\"voice\": \(voice), \"sim\": \(sim)}",
            ],
            outputPath: directory + "/modemmanager.log")
        modemManager = started
        let owned = wait(seconds: 15) {
            (try? self.busCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                "string:org.freedesktop.ModemManager1")) == "true"
        }
        guard owned else { throw LiveProgramError(description: "the fake ModemManager did not start:\n" + started.output) }
    }

    /// Stops the fake ModemManager (its name leaves the bus).
    public func stopModemManager() {
        modemManager?.stop(grace: Self.grace)
        modemManager = nil
    }

    /// Stops ModemManager and the bus.
    public func stop() {
        stopModemManager()
        stopBus()
    }

    /// Stops the bus alone, as a D-Bus daemon that dies does: no one is told that ModemManager
    /// left (the fake ModemManager ends when it sees its bus go).
    public func stopBus() {
        bus?.stop(grace: Self.grace)
        bus = nil
    }

    /// The call made last, by the line's CreateCall or by `addIncomingCall`; "/" when none was.
    public func lastCall() throws -> String { try mock("LastCall") }

    /// The far end moves `call` to `state` for `reason`.
    public func setCallState(_ call: String, _ state: State, _ reason: Reason) throws {
        _ = try mock("SetCallState", "objpath:\(call)", "int32:\(state.rawValue)", "uint32:\(reason.rawValue)")
    }

    /// A call from `number` rings here; its object path.
    public func addIncomingCall(from number: String) throws -> String { try mock("AddIncomingCall", "string:\(number)") }

    /// ModemManager read the modem's signal (`percent`) and network (`operatorName`) anew:
    /// they change, with `PropertiesChanged`.
    public func setSignal(_ percent: Int, operatorName: String) throws {
        _ = try mock("SetSignal", "uint32:\(percent)", "string:\(operatorName)")
    }

    /// What was done to `call`, in order: "Start SendDtmf:1 Hangup Deleted".
    public func callLog(_ call: String) throws -> String { try mock("CallLog", "objpath:\(call)") }

    /// What the fake ModemManager printed.
    public var output: String { modemManager?.output ?? "" }

    private func mock(_ method: String, _ arguments: String...) throws -> String {
        try busCall(destination: "org.freedesktop.ModemManager1", path: "/org/freedesktop/ModemManager1", "org.freedesktop.DBus.Mock." + method, arguments)
    }

    /// Calls `method` with dbus-send and returns the reply's one value, as dbus-send prints it
    /// without its type and quotes.
    private func busCall(destination: String, path: String, _ method: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.dbusSend)
        process.arguments = ["--bus=\(address)", "--print-reply", "--reply-timeout=5000", "--dest=\(destination)", path, method] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw LiveProgramError(description: "dbus-send \(method): \(text)") }
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        if let open = last.firstIndex(of: "\""), let close = last.lastIndex(of: "\""), open < close {
            return String(last[last.index(after: open)..<close])
        }
        return String(last.split(separator: " ").last ?? "")
    }

    private func busCall(destination: String, path: String, _ method: String, _ arguments: String...) throws -> String {
        try busCall(destination: destination, path: path, method, arguments)
    }

    private func wait(seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }
}
