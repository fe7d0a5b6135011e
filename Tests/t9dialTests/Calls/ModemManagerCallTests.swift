// SPDX-License-Identifier: Apache-2.0

import Foundation
import TelephonyTestSupport
import Tones
import Testing

/// `t9dial try` with `[dial] method = "modemmanager"` against Debian's real ModemManager,
/// which drives a simulated AT modem on a private system bus (`RealModemManager`), end to
/// end: what is heard of a call coming in, recorded by the real alsa-lib into a WAV.
@Suite(
    "ModemManager calls, end to end", .serialized,
    .enabled(if: RealModemManager.unavailable == nil, "needs root and Debian's modemmanager, polkitd and dbus (make deps)"))
struct ModemManagerCallTests {
    @Test("a call coming in through ModemManager rings 2 s on, then stops when the caller gives up")
    func incomingCallRings() throws {
        let modemManager = try RealModemManager.shared.get()
        // Held for the test: the live suites of TelephonyTests share the rig.
        let turn = try modemManager.take()
        defer { withExtendedLifetime(turn) {} }
        try T9DialProcess.withTemporaryDirectory { directory in
            let (alsa, wav) = try T9DialProcess.recordingALSA(in: directory)
            let config = try T9DialProcess.write(
                "[dial]\nmethod = \"modemmanager\"\n[sound]\ndevice = \"t9dialtest\"\n", to: directory + "/t9dial.toml")
            let environment = alsa.merging(["DBUS_SYSTEM_BUS_ADDRESS": modemManager.address]) { _, bus in bus }
            let t9dial = try InteractiveT9Dial(
                ["try", "--contacts", T9DialProcess.sampleContacts, "--config", config], stateDirectory: directory + "/state",
                environment: environment)
            // The line is ready once it has asked ModemManager for the modem's calls.
            #expect(t9dial.waitForLine(containing: "ModemManager"), "\(t9dial.report)\n\(modemManager.logs)")
            try modemManager.command("ring", "+447700900123")
            #expect(t9dial.waitForLine(containing: "Incoming call: Fred Smith"), "\(t9dial.report)\n\(modemManager.logs)")
            Thread.sleep(forTimeInterval: 3.5)
            try modemManager.command("giveup")
            #expect(t9dial.waitForLine(containing: "Missed call"), "\(t9dial.report)\n\(modemManager.logs)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)")

            let runs = try T9DialProcess.recordedRuns(wav: wav)
            let sounding = runs.filter(\.sounding)
            #expect(sounding.count == 1, "\(runs)")
            #expect(abs((sounding.first?.milliseconds ?? 0) - 2000) <= 50, "\(runs)")
        }
    }

    /// The status line's line through ModemManager: its OperatorName and SignalQuality (the
    /// rig's `+CSQ: 20,99`, 4 bars as the AT modem shows it), in `--json`'s status event.
    @Test func theStatusLineShowsTheModemsNetworkAndSignal() throws {
        let modemManager = try RealModemManager.shared.get()
        let turn = try modemManager.take()
        defer { withExtendedLifetime(turn) {} }
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write("[dial]\nmethod = \"modemmanager\"\n", to: directory + "/t9dial.toml")
            let t9dial = try InteractiveT9Dial(
                ["try", "--json", "--contacts", T9DialProcess.sampleContacts, "--config", config], stateDirectory: directory + "/state",
                environment: ["DBUS_SYSTEM_BUS_ADDRESS": modemManager.address])
            #expect(t9dial.waitForLine(containing: #""line":{"registered":null,"signal":4,"operator":"t9dial net"}"#), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)")
        }
    }
}
