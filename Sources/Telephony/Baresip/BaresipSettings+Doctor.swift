// SPDX-License-Identifier: Apache-2.0

import DialOutcomes

extension BaresipSettings {
    /// `[dial] method = "baresip"`: something listens on the control port, and only on
    /// loopback. Read from the kernel's socket tables (/proc/net/tcp, tcp6), not by connecting:
    /// ctrl_tcp takes one client, and a new one would take it from the running t9dial.
    /// Whether baresip is registered only the running t9dial knows: its service's STATUS line
    /// ends with the line's problem ("SIP not registered: 403 Forbidden") while there is one.
    /// baresip's sound devices have a line of their own (`BaresipSound.swift`).
    public static let followsCalls = true
    public static let ringsByDefault = true

    /// baresip rings by itself on `audio_alert` (Debian's 1.0 plays ring.wav there); unset, on
    /// its first sound module. Nil when no baresip config is found.
    public func ownRinger(on system: any DialDoctorSystem) -> OwnRinger? {
        guard let file = BaresipSound.configFiles(on: system).first(where: system.exists), let text = system.text(of: file) else { return nil }
        let value = BaresipConfig(text).values["audio_alert"]
        return OwnRinger(
            file: file, setting: "audio_alert " + (value ?? "(not set: its first sound module)"),
            rings: value.map { !Self.isNullDevice($0) } ?? true,
            silencing: "write audio_alert alsa,null in \(file) and restart baresip (docs/calling.md, Who rings)")
    }

    /// Whether a baresip device (`MODULE,DEVICE`) plays nowhere: ALSA's null device, or the
    /// bridge to nowhere t9dial's tests use.
    static func isNullDevice(_ value: String) -> Bool {
        ["alsa,null", "aubridge,nowhere"].contains(value.replacingOccurrences(of: " ", with: ""))
    }

    public func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck] {
        [controlCheck(on: system, subject: "dial"), BaresipSound.check(on: system)]
    }

    func controlCheck(on system: any DialDoctorSystem, subject: String) -> DialCheck {
        guard let address = try? BaresipControlAddress(parsing: control) else {
            return DialCheck(.problem, subject, "control \(control) is not a loopback address", fix: "set control = \"127.0.0.1:4444\"")
        }
        let listeners = TCPSocketEntry.tables.flatMap { table in
            TCPSocketEntry.parse(system.text(of: table) ?? "").filter { $0.state == .listening && $0.port == address.port }
        }
        let baresipFix = "set ctrl_tcp_listen \(address) in \(system.baresipExample), and restart baresip"
        guard !listeners.isEmpty else {
            return DialCheck(
                .problem, subject,
                "method baresip, but nothing listens on port \(address.port): baresip is not running, or its ctrl_tcp_listen is another port",
                fix: "start baresip (sudo systemctl start baresip, see Calling over SIP in t9dial's docs/calling.md); "
                    + "its ctrl_tcp_listen must be \(address)")
        }
        if let open = listeners.first(where: \.isAnyAddress) {
            return DialCheck(
                .problem, subject, "baresip's ctrl_tcp listens on every address (\(open.host):\(open.port)): anyone on the network can dial",
                fix: baresipFix)
        }
        if let exposed = listeners.first(where: { !$0.isLoopback }) {
            return DialCheck(
                .problem, subject, "baresip's ctrl_tcp listens on \(exposed.host):\(exposed.port), which is not loopback: others can dial",
                fix: baresipFix)
        }
        let listening = "method baresip: its ctrl_tcp listens on port \(address.port), on loopback only"
        guard let service = system.serviceState(), ["active", "reloading"].contains(service.active) else {
            return DialCheck(.ok, subject, listening + "; whether its account is registered, the running service says")
        }
        if let said = service.status.split(separator: "; ").last(where: { $0.hasPrefix("SIP not") }) {
            return DialCheck(
                .problem, subject, listening + ", but the service says: \(said)",
                fix: "check the account in baresip's accounts file (user, auth_pass, domain) and journalctl -u baresip")
        }
        return DialCheck(.ok, subject, listening + "; the service reaches it, and its account is registered (or does not register)")
    }
}
