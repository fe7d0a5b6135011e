// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Foundation
import InputEvents
import Telephony
import TelephonyTestSupport
import Testing

/// The status line's signal and network, and emergency calls without a SIM, through Debian's
/// real ModemManager 1.20 and the rig's simulated modem. In the suite of
/// ModemManagerLiveTests, whose one rig its tests take in turn.
extension ModemManagerLiveTests {
    /// The line states the line reported, in order.
    static func lineStates(_ rig: Rig) -> [LineState] {
        rig.events.compactMap { if case .lineState(let state) = $0 { state } else { nil } }
    }

    /// ModemManager's `SignalQuality` and `OperatorName`, read when the modem is found and
    /// followed through `PropertiesChanged`: the rig's `+CSQ: 20,99` is 64 % to ModemManager,
    /// 4 bars as the AT modem shows it. The line asks ModemManager nothing for them.
    @Test func theSignalAndNetworkAreFollowed() throws {
        let rig = try Rig()
        let first = LineState(signalBars: 4, operatorName: "t9dial net")
        #expect(rig.run { Self.lineStates(rig).last == first }, "\(Self.lineStates(rig))\n\(rig.log)")
        #expect(rig.line.askLineState(at: Rig.now).isEmpty, "ModemManager reads the modem; the line only listens")
        try rig.modemManager.command("signal", "9")
        try rig.modemManager.command("operator", "Other net")
        // ModemManager started again finds the modem disabled, with neither: the line enables
        // it, and ModemManager reads both then and says so with PropertiesChanged.
        try rig.modemManager.command("refresh")
        let changed = LineState(signalBars: 1, operatorName: "Other net")
        #expect(rig.run { Self.lineStates(rig).last == changed }, "\(Self.lineStates(rig))\n\(rig.log)")
        #expect(rig.log.contains("is disabled; enabling it"), "\(rig.log)")
    }

    /// A modem without a SIM, or with its SIM locked by its PIN: ModemManager 1.20 fails the
    /// first ("sim-missing") and keeps the second locked, and keeps the Voice interface of
    /// both for emergency calls. The line says so, refuses an ordinary number with why
    /// (ModemManager's own refusal), and dials an emergency number.
    @Test(arguments: [
        ("no", -1, ModemManagerLine.noSIMProblem, "no SIM: only emergency numbers can be dialled"),
        ("pin", 2, ModemManagerLine.lockedSIMProblem, "the SIM is locked (unlock it with sudo mmcli -i any --pin=PIN): only emergency"),
    ])
    func withoutASIMOrWithItLockedOnlyAnEmergencyNumberIsDialled(sim: String, state: Int, problem: String, refusal: String) throws {
        let rig = try Rig()
        try rig.modemManager.command("sim", sim)
        #expect(try rig.modemManager.modemState() == state, "-1 failed, 2 locked")
        #expect(rig.run { rig.line.problem == problem }, "\(rig.line.problem ?? "")\n\(rig.log)")

        rig.events += rig.line.dial("5551234", at: Rig.now)
        guard case .failed(let why)? = rig.end() else {
            Issue.record("not refused: \(rig.callEvents)\n\(rig.log)")
            return
        }
        #expect(why.hasPrefix(refusal), "\(why)")
        #expect(try !rig.modemManager.sentCommands().contains { $0.hasPrefix("ATD") })

        rig.events += rig.line.dial("112", at: Rig.now)
        #expect(rig.run(untilSent: "ATD112;"), "\(rig.log)\n\(rig.modemManager.logs)")
        try rig.modemManager.command("answer")
        #expect(rig.run { rig.callEvents.contains(.connected) }, "\(rig.callEvents)\n\(rig.log)")
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run { rig.callEvents.last == .ended(.hungUpHere) }, "\(rig.callEvents)\n\(rig.log)")
        #expect(rig.run { (try? rig.modemManager.modemManagerCalls().isEmpty) == true }, "no call left")
    }
}
