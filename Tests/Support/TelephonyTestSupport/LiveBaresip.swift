// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// A real baresip (Debian's baresip-core) for tests, run from the shipped example config
/// (`Config/baresip/config` and `accounts`) with only its ports and audio changed: SIP and
/// ctrl_tcp on free ports of 127.0.0.1, a generated tone (a WAV) as the microphone and no
/// sound card. It is stopped (SIGTERM, then SIGKILL) by `stop` or when dropped; its output is
/// kept for the messages of a failing test.
public final class LiveBaresip {
    public static let executable = "/usr/bin/baresip"
    /// Whether baresip and the modules the config loads are here (`make test` installs them).
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: executable)
            && FileManager.default.fileExists(atPath: "/usr/lib/baresip/modules/ctrl_tcp.so")
    }

    /// The config folder baresip runs from (`-f`).
    public let directory: String
    public private(set) var sipPort: UInt16 = 0
    public private(set) var controlPort: UInt16 = 0
    private var process: LiveProcess?
    private let accountLine: String?
    private let soundDevice: String?

    /// Where t9dial's BaresipLine connects: `127.0.0.1:PORT`.
    public var control: String { "127.0.0.1:\(controlPort)" }
    /// Where SIPp sends its calls: `127.0.0.1:PORT`.
    public var sipAddress: String { "127.0.0.1:\(sipPort)" }

    /// Writes the config and starts baresip, waiting until ctrl_tcp takes connections.
    /// `accountLine` replaces the account of the shipped `accounts` (the line that is not a
    /// comment), for a test that needs another; `soundDevice` names an ALSA device
    /// (`alsa,NAME`) for the microphone, the speaker and the ring, in place of the tone and no
    /// sound card.
    public init(accountLine: String? = nil, soundDevice: String? = nil) throws {
        directory = try PackagePaths.temporaryDirectory("t9dial-baresip")
        self.accountLine = accountLine
        self.soundDevice = soundDevice
        try Self.tone(seconds: 60).write(to: URL(fileURLWithPath: directory + "/tone.wav"))
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts baresip (again, after `stop`: on the same ports when they are still free, as a
    /// baresip restarted by systemd would). Tries other ports when a bind fails.
    public func start() throws {
        stop()
        var failures: [String] = []
        for attempt in 0..<3 {
            if attempt > 0 || sipPort == 0 {
                sipPort = FreePorts.sip()
                controlPort = FreePorts.tcp()
            }
            try writeConfig()
            let started = try LiveProcess(executable: Self.executable, arguments: ["-f", directory], outputPath: directory + "/baresip.log")
            if waitUntilListening(started, seconds: 10) {
                process = started
                return
            }
            started.stop()
            failures.append(started.output)
        }
        throw LiveProgramError(description: "baresip did not start listening on ctrl_tcp:\n" + failures.joined(separator: "\n---\n"))
    }

    /// Stops baresip: SIGTERM (it hangs up, sends SHUTDOWN and EXIT, and closes ctrl_tcp),
    /// then SIGKILL after 3 s.
    public func stop() {
        process?.stop()
        process = nil
    }

    /// Whether baresip runs.
    public var isRunning: Bool { process?.isRunning ?? false }

    /// What baresip printed, over all its runs.
    public var output: String { (try? String(contentsOfFile: directory + "/baresip.log", encoding: .utf8)) ?? "" }

    /// The shipped config with the lines tests change: SIP and ctrl_tcp on the given ports of
    /// 127.0.0.1, `wav` as the audio source, no sound card (or `soundDevice`, an ALSA device,
    /// for all three). Throws when the shipped config lacks one of them (then the tests would
    /// not run what is shipped).
    public static func testConfig(
        from shipped: String, sipPort: UInt16, controlPort: UInt16, wav: String, soundDevice: String? = nil
    ) throws -> String {
        let alsa: String? = soundDevice.map { "alsa," + $0 }
        let values: [String: String] = [
            "sip_listen": "127.0.0.1:\(sipPort)",
            "ctrl_tcp_listen": "127.0.0.1:\(controlPort)",
            "audio_source": alsa ?? "aufile,\(wav)",
            "audio_player": alsa ?? "aubridge,nowhere",
            "audio_alert": alsa ?? "aubridge,nowhere",
        ]
        var found: Set<String> = []
        let lines = shipped.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let key = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            guard let value = values[key] else { return String(line) }
            found.insert(key)
            return "\(key)\t\t\(value)"
        }
        let missing = Set(values.keys).subtracting(found)
        guard missing.isEmpty else {
            throw LiveProgramError(description: "Config/baresip/config has no line for \(missing.sorted().joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    /// `seconds` of a 440 Hz tone, 8 kHz mono signed 16-bit little-endian, as a WAV file.
    /// baresip's aufile ends the call when the file ends ("end of file"), so it is long.
    public static func tone(seconds: Int) -> Data {
        let rate = 8000
        let samples = rate * seconds
        var data = Data()
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(UInt32(36 + samples * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(UInt32(rate))
        append32(UInt32(rate * 2))
        append16(2)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append32(UInt32(samples * 2))
        var pcm = [UInt8](repeating: 0, count: samples * 2)
        for index in 0..<samples {
            let sample = Int16(8000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
            let bits = UInt16(bitPattern: sample)
            pcm[index * 2] = UInt8(bits & 0xFF)
            pcm[index * 2 + 1] = UInt8(bits >> 8)
        }
        data.append(contentsOf: pcm)
        return data
    }

    private func writeConfig() throws {
        let shipped = try String(contentsOfFile: PackagePaths.root + "/Config/baresip/config", encoding: .utf8)
        let config = try Self.testConfig(
            from: shipped, sipPort: sipPort, controlPort: controlPort, wav: directory + "/tone.wav", soundDevice: soundDevice)
        try config.write(toFile: directory + "/config", atomically: true, encoding: .utf8)
        var accounts = try String(contentsOfFile: PackagePaths.root + "/Config/baresip/accounts", encoding: .utf8)
        if let accountLine {
            accounts = accounts.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("<") ? accountLine : String($0) }.joined(separator: "\n")
        }
        try accounts.write(toFile: directory + "/accounts", atomically: true, encoding: .utf8)
    }

    /// Waits up to `seconds` for baresip to print `text`; whether it did.
    public func waitForOutput(containing text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Polls ctrl_tcp until it takes a connection (closed at once), or baresip ends.
    private func waitUntilListening(_ started: LiveProcess, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, started.isRunning {
            if Self.accepts(port: controlPort) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    private static func accepts(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = FreePorts.loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
