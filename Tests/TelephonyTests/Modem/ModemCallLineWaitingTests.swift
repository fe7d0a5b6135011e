// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import InputEvents
import ModemTestSupport
import Telephony
import Testing

/// Call waiting on the modem line, on the pseudo-terminal modem: `+CCWA`, `+CLCC` with two
/// calls, `AT+CHLD`, `AT+CMUT`, `AT+CLVL`, through the real port code.
@Suite("An AT modem's call waiting, on the fake modem")
struct ModemCallLineWaitingTests {
    typealias Rig = ModemCallLineTests.Rig

    @Test func aCallWaitingIsAnsweredSwappedAndTheFirstComesBack() throws {
        let rig = try ModemCallLineTests.ringingCall()
        rig.events += rig.line.answer(at: Rig.now)
        rig.modem.setCalls(["+CLCC: 1,1,0,0,0,\"5559876\",129"])
        #expect(rig.run(untilSaid: .connected))
        #expect(rig.modem.commands.prefix(2) == ["AT+CLIP=1", "AT+CCWA=1"])

        // The network presents a second call.
        rig.modem.setCalls(["+CLCC: 1,1,0,0,0,\"5559876\",129", "+CLCC: 2,1,5,0,0,\"5551111\",129"])
        rig.modem.send("+CCWA: \"5551111\",129,1")
        let second = LineCallID("2"), first = LineCallID("1")
        #expect(rig.run(untilSaid: .waiting(second, number: "5551111", name: nil)))

        // Answered: the first held.
        rig.modem.setCalls(["+CLCC: 1,1,1,0,0,\"5559876\",129", "+CLCC: 2,1,0,0,0,\"5551111\",129"])
        rig.events += rig.line.control(.answerWaiting, at: Rig.now)
        #expect(rig.run(untilSaid: .call(second, .connected)))
        #expect(rig.callEvents.contains(.call(first, .held)))
        #expect(rig.modem.commands.contains("AT+CHLD=2"))

        // Swapped, muted, louder.
        rig.modem.setCalls(["+CLCC: 1,1,0,0,0,\"5559876\",129", "+CLCC: 2,1,1,0,0,\"5551111\",129"])
        rig.events += rig.line.control(.swap, at: Rig.now)
        #expect(rig.run(untilSaid: .call(first, .resumed)))
        rig.events += rig.line.control(.mute, at: Rig.now)
        #expect(rig.run(untilSaid: .call(first, .muted(true))))
        #expect(rig.modem.commands.contains("AT+CMUT=1"))
        rig.modem.reply(to: "AT+CLVL=?", with: ["+CLVL: (0-4)", "OK"])
        rig.modem.reply(to: "AT+CLVL?", with: ["+CLVL: 2", "OK"])
        rig.events += rig.line.control(.volumeUp, at: Rig.now)
        #expect(rig.run(untilSaid: .volume(percent: 75)))
        #expect(rig.modem.commands.contains("AT+CLVL=3"))

        // The first hung up alone (CHLD=11); the second, held, comes back with CHLD=2.
        rig.modem.setCalls(["+CLCC: 2,1,1,0,0,\"5551111\",129"])
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)))
        #expect(rig.modem.commands.contains("AT+CHLD=11"))
        #expect(!rig.modem.commands.contains("AT+CHUP"), "CHUP may end both calls")
        rig.modem.setCalls(["+CLCC: 2,1,0,0,0,\"5551111\",129"])
        rig.events += rig.line.control(.resume, at: Rig.now)
        #expect(rig.run(untilSaid: .call(second, .resumed)))
        rig.modem.setCalls([])
        #expect(rig.run(untilSaid: .ended(.hungUpThere)))
    }
}
