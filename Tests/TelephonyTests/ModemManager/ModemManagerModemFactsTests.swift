// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing

@testable import Telephony

/// A modem's signal, network and SIM from ModemManager's properties, as `GetManagedObjects`,
/// `InterfacesAdded` and `PropertiesChanged` give them.
@Suite("ModemManager's modem properties")
struct ModemManagerModemFactsTests {
    static func signal(_ percent: UInt32, recent: Bool) -> [String: DBusValue] {
        ["SignalQuality": .variant(.structure([.uint32(percent), .bool(recent)]))]
    }

    static func operatorName(_ name: String) -> [String: DBusValue] { ["OperatorName": .variant(.string(name))] }

    /// ModemManager's percent for each RSSI of `AT+CSQ` (RSSI × 100 / 31, rounded down) gives
    /// the bars the AT modem gives that RSSI: the two methods show a modem alike.
    @Test func everyRSSIAsModemManagersPercentIsTheATModemsBars() {
        for rssi in 0...31 {
            let percent = Int64(rssi * 100 / 31)
            #expect(ModemManagerModemFacts.bars(percent: percent) == ModemCallTracker.bars(rssi: rssi), "RSSI \(rssi), \(percent) %")
        }
    }

    @Test(
        arguments: [
            (64, true, LineState(signalBars: 4)), (32, true, LineState(signalBars: 2)), (3, true, LineState(signalBars: 0)),
            (0, true, LineState(signalBars: 0)), (48, false, LineState(signalBars: 3)), (0, false, LineState()), (250, true, LineState(signalBars: 4)),
        ] as [(UInt32, Bool, LineState)])
    func theSignalAsBars(percent: UInt32, recent: Bool, state: LineState) {
        var facts = ModemManagerModemFacts()
        facts.take(ModemManagerNames.modem, Self.signal(percent, recent: recent))
        #expect(facts.lineState == state)
    }

    @Test func theNetworkAndTheSignalChangeApartAndAnEmptyNameIsNone() {
        var facts = ModemManagerModemFacts()
        facts.take(ModemManagerNames.modem3gpp, Self.operatorName(" t9dial net "))
        facts.take(ModemManagerNames.modem, Self.signal(64, recent: true))
        #expect(facts.lineState == LineState(signalBars: 4, operatorName: "t9dial net"))
        facts.take(ModemManagerNames.modem, ["State": .variant(.int32(8))])
        facts.take(ModemManagerNames.voice, Self.operatorName("not this interface's"))
        #expect(facts.lineState == LineState(signalBars: 4, operatorName: "t9dial net"), "properties not about them leave them")
        facts.take(ModemManagerNames.modem3gpp, Self.operatorName(""))
        #expect(facts.lineState == LineState(signalBars: 4))
        facts.take(ModemManagerNames.modem3gpp, Self.operatorName(String(repeating: "x", count: 500)))
        #expect(facts.lineState.operatorName?.count == ModemManagerModemFacts.operatorNameLimit)
    }

    @Test(arguments: [(0, false), (1, false), (2, true), (3, true), (4, false), (5, false), (99, false)] as [(UInt32, Bool)])
    func aModemFailedForWantOfASIMHasNoSIM(reason: UInt32, noSIM: Bool) {
        var facts = ModemManagerModemFacts()
        facts.take(ModemManagerNames.modem, ["StateFailedReason": .variant(.uint32(reason))])
        #expect(facts.hasNoSIM == noSIM)
    }
}
