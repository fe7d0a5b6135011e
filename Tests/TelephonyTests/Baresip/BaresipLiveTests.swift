// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
import InputEvents
import SystemCalls
import Telephony
import TelephonyTestSupport
import Testing
import struct SystemPackage.FileDescriptor

/// BaresipLine against the real baresip (from the shipped Config/baresip) and SIPp as the far
/// end, on free ports of 127.0.0.1; every wait has a deadline and every program is stopped.
@Suite(
    "BaresipLine against a real baresip and SIPp", .enabled(if: LiveBaresip.isInstalled && LiveSIPp.isInstalled, "needs baresip-core and sip-tester"))
struct BaresipLiveTests {
    /// A line and the events it gave, driven as the loop drives it, on the monotonic clock.
    final class Driven {
        let line: BaresipLine
        private(set) var events: [LineEvent] = []

        init(control: String) throws {
            line = try BaresipLine(control: control)
            record(line.start(at: SystemCall.monotonicMicroseconds()))
        }

        func record(_ new: [LineEvent]) {
            events += new.filter { if case .log(.debug, _) = $0 { false } else { true } }
        }

        /// The events that are not log lines nor the line's state, in order.
        var calls: [LineEvent] {
            events.filter {
                switch $0 {
                case .log, .lineState: false
                default: true
                }
            }
        }

        /// What the line said of its registration, in order.
        var states: [LineState] {
            events.compactMap { if case .lineState(let state) = $0 { state } else { nil } }
        }

        /// Wakes the line as the loop would until `done` holds or `seconds` pass.
        @discardableResult
        func run(for seconds: Double, until done: (Driven) -> Bool) -> Bool {
            let end = SystemCall.monotonicMicroseconds() + Int64(seconds * 1_000_000)
            while !done(self) {
                let now = SystemCall.monotonicMicroseconds()
                if now >= end { return false }
                let wakeAt = min(line.nextDeadline ?? end, end)
                var entries = line.descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
                let timeout = Int32(max(0, min((wakeAt - now) / 1000 + 1, 100)))
                _ = poll(&entries, nfds_t(entries.count), timeout)
                record(line.wake(readable: entries.filter { $0.revents != 0 }.map { FileDescriptor(rawValue: $0.fd) }, at: SystemCall.monotonicMicroseconds()))
            }
            return true
        }

        /// Runs until `event` came (counting from `index` of all events).
        @discardableResult
        func wait(for event: LineEvent, seconds: Double = 10) -> Bool {
            run(for: seconds) { $0.calls.contains(event) }
        }

        /// Runs until the line is connected to baresip and has its registration state.
        func waitReady() -> Bool {
            run(for: 10) { !$0.line.descriptors.isEmpty && $0.line.problem == nil }
        }
    }

    static func context(_ baresip: LiveBaresip, _ sipp: LiveSIPp?, _ driven: Driven) -> Comment {
        "events: \(driven.events)\nbaresip:\n\(baresip.output)\n\(sipp?.report ?? "")"
    }

    @Test("an outgoing call rings, connects, carries a DTMF 5, and is hung up here (the peer gets BYE)")
    func outgoing() throws {
        let rtp = try RTPEventListener()
        let sipp = try LiveSIPp(scenario: "uas-answer-wait-bye.xml", keys: ["rtpport": String(rtp.port)])
        // Numbers from the book are bare: baresip completes them with its account's domain.
        let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0")
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, sipp, driven))
        driven.record(driven.line.dial("100", at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .connected), Self.context(baresip, sipp, driven))
        #expect(driven.calls == [.ringing, .connected], Self.context(baresip, sipp, driven))

        driven.record(driven.line.sendTones("5", at: SystemCall.monotonicMicroseconds()))
        // Keep reading the line while the tone plays: it is the loop's only source here.
        var received = RTPEventListener.Received()
        driven.run(for: 5) { _ in
            received = rtp.receive(for: 0.05)
            return !received.events.isEmpty || received.packetsByType[101] != nil
        }
        received.events += rtp.receive(for: 1).events
        #expect(received.events.first == 5, "RTP: \(received)\n\(Self.context(baresip, sipp, driven))")

        driven.record(driven.line.hangUp(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
        #expect(sipp.startLines.contains { $0.hasPrefix("BYE ") }, Self.context(baresip, sipp, driven))
    }

    @Test("a bare number, completed by baresip with its account's domain, is busy (486)")
    func busy() throws {
        let sipp = try LiveSIPp(scenario: "uas-busy.xml")
        let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0")
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, sipp, driven))
        driven.record(driven.line.dial("486", at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.busy)), Self.context(baresip, sipp, driven))
        #expect(driven.calls == [.ended(.busy)], Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
        #expect(sipp.startLines.first == "INVITE sip:486@127.0.0.1:\(sipp.port) SIP/2.0", Self.context(baresip, sipp, driven))
    }

    @Test("the far end answers, then hangs up")
    func farEndHangsUp() throws {
        let sipp = try LiveSIPp(scenario: "uas-answer-then-bye.xml", keys: ["rtpport": String(FreePorts.udp())])
        // Numbers from the book are bare: baresip completes them with its account's domain.
        let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0")
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, sipp, driven))
        driven.record(driven.line.dial("100", at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.hungUpThere)), Self.context(baresip, sipp, driven))
        #expect(driven.calls == [.ringing, .connected, .ended(.hungUpThere)], Self.context(baresip, sipp, driven))
        // The account registers with no registrar (regint=0): baresip's reginfo says OK.
        #expect(driven.states == [LineState(registered: true)], Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
    }

    static func caller(_ scenario: String, to baresip: LiveBaresip, name: String, number: String) throws -> LiveSIPp {
        try LiveSIPp(
            scenario: scenario, remote: baresip.sipAddress, service: "t9dial",
            keys: ["callername": name, "callernumber": number, "rtpport": String(FreePorts.udp())])
    }

    @Test("an incoming call is reported with its number and display name, answered, and hung up here")
    func incomingAnswered() throws {
        let baresip = try LiveBaresip()
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, nil, driven))
        let sipp = try Self.caller("uac-call.xml", to: baresip, name: "Sam Sipp", number: "+4412")
        #expect(driven.wait(for: .incoming(number: "+4412", name: "Sam Sipp")), Self.context(baresip, sipp, driven))
        driven.record(driven.line.answer(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .connected), Self.context(baresip, sipp, driven))
        driven.record(driven.line.hangUp(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Self.context(baresip, sipp, driven))
        #expect(driven.calls == [.incoming(number: "+4412", name: "Sam Sipp"), .connected, .ended(.hungUpHere)], Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
    }

    @Test("an incoming call rejected here: the caller gets 486; a second call before it is answered is turned away busy")
    func incomingRejected() throws {
        let baresip = try LiveBaresip()
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, nil, driven))
        let first = try Self.caller("uac-rejected.xml", to: baresip, name: "Sam Sipp", number: "+4412")
        #expect(driven.wait(for: .incoming(number: "+4412", name: "Sam Sipp")), Self.context(baresip, first, driven))

        let second = try Self.caller("uac-rejected.xml", to: baresip, name: "Other", number: "555")
        // The line turns it away as it reads of it: run it meanwhile.
        driven.run(for: 10) { _ in second.wait(upTo: 0.01) != nil }
        #expect(second.wait(upTo: 1) == 0, Self.context(baresip, second, driven))
        #expect(second.startLines.contains { $0.hasPrefix("SIP/2.0 486") }, Self.context(baresip, second, driven))
        #expect(!driven.calls.contains { if case .waiting = $0 { true } else { false } }, Self.context(baresip, second, driven))

        driven.record(driven.line.hangUp(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Self.context(baresip, first, driven))
        #expect(driven.calls == [.incoming(number: "+4412", name: "Sam Sipp"), .ended(.hungUpHere)], Self.context(baresip, first, driven))
        #expect(first.wait(upTo: 10) == 0, Self.context(baresip, first, driven))
        #expect(first.startLines.contains { $0.hasPrefix("SIP/2.0 486") }, Self.context(baresip, first, driven))
    }

    @Test("baresip restarted while idle: the line says SIP not connected, then reconnects")
    func restart() throws {
        let baresip = try LiveBaresip()
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, nil, driven))
        baresip.stop()
        #expect(driven.wait(for: .problem("SIP not connected")), Self.context(baresip, nil, driven))
        try baresip.start()
        #expect(driven.wait(for: .problem(nil), seconds: 20), Self.context(baresip, nil, driven))
        #expect(driven.calls == [.problem("SIP not connected"), .problem(nil)], Self.context(baresip, nil, driven))
        #expect(driven.line.nextDeadline == nil)
    }

    @Test("two lines on one baresip: the second says another program has the control connection and leaves it to the first")
    func twoLines() throws {
        let baresip = try LiveBaresip()
        let first = try Driven(control: baresip.control)
        #expect(first.waitReady(), Self.context(baresip, nil, first))
        let second = try Driven(control: baresip.control)
        #expect(second.calls == [.problem(BaresipLine.heldElsewhereProblem)], Self.context(baresip, nil, second))
        #expect(second.events.contains { if case .log(.warning, let text) = $0 { text.contains("another program") } else { false } })

        // A caller rings while both run, as two t9dial would: the first hears it, neither
        // takes the connection from the other.
        let sipp = try Self.caller("uac-rejected.xml", to: baresip, name: "Sam Sipp", number: "+4412")
        for _ in 0..<30 where !first.calls.contains(.incoming(number: "+4412", name: "Sam Sipp")) {
            first.run(for: 0.2) { _ in false }
            second.run(for: 0.2) { _ in false }
        }
        #expect(first.calls == [.incoming(number: "+4412", name: "Sam Sipp")], Self.context(baresip, sipp, first))
        first.record(first.line.hangUp(at: SystemCall.monotonicMicroseconds()))
        #expect(first.wait(for: .ended(.hungUpHere)), Self.context(baresip, sipp, first))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, first))
        #expect(second.calls == [.problem(BaresipLine.heldElsewhereProblem)], Self.context(baresip, sipp, second))
        #expect(!first.events.contains { if case .log(_, let text) = $0 { text.contains("lost the connection") || text.contains("took") } else { false } })

        // The first lets go: the second connects at its next look.
        first.line.stop()
        #expect(second.wait(for: .problem(nil), seconds: 40), Self.context(baresip, nil, second))
    }

    @Test("a caller ringing in baresip before the line connects shows as incoming, with number and name, and is answered")
    func ringingBeforeConnect() throws {
        let baresip = try LiveBaresip()
        let sipp = try Self.caller("uac-call.xml", to: baresip, name: "Sam Sipp", number: "+4412")
        #expect(baresip.waitForOutput(containing: "Incoming call from"), "baresip:\n\(baresip.output)\n\(sipp.report)")
        let driven = try Driven(control: baresip.control)
        #expect(driven.wait(for: .incoming(number: "+4412", name: "Sam Sipp")), Self.context(baresip, sipp, driven))
        driven.record(driven.line.answer(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .connected), Self.context(baresip, sipp, driven))
        driven.record(driven.line.hangUp(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Self.context(baresip, sipp, driven))
        #expect(driven.calls == [.incoming(number: "+4412", name: "Sam Sipp"), .connected, .ended(.hungUpHere)], Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
    }

    @Test("a sound device that does not exist: the answered call ends saying baresip could not open its sound device")
    func noSoundDevice() throws {
        let sipp = try LiveSIPp(scenario: "uas-answer-wait-bye.xml", keys: ["rtpport": String(FreePorts.udp())])
        let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0", soundDevice: "t9dial-no-such-device")
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, sipp, driven))
        driven.record(driven.line.dial("100", at: SystemCall.monotonicMicroseconds()))
        let end = LineEvent.ended(.failed(CallEnd.baresipSoundDevice + ": No such file or directory"))
        #expect(driven.wait(for: end), Self.context(baresip, sipp, driven))
        #expect(baresip.output.contains("could not open auplay device 't9dial-no-such-device'"), Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
    }

    @Test("docs/calling.md's recipe for a board with no sound card, ALSA's null device, carries a call")
    func nullSoundDevice() throws {
        let sipp = try LiveSIPp(scenario: "uas-answer-wait-bye.xml", keys: ["rtpport": String(FreePorts.udp())])
        let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0", soundDevice: "null")
        let driven = try Driven(control: baresip.control)
        #expect(driven.waitReady(), Self.context(baresip, sipp, driven))
        driven.record(driven.line.dial("100", at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .connected), Self.context(baresip, sipp, driven))
        // Still up a moment later: baresip opened its devices.
        driven.run(for: 1) { $0.calls.contains { if case .ended = $0 { true } else { false } } }
        driven.record(driven.line.hangUp(at: SystemCall.monotonicMicroseconds()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Self.context(baresip, sipp, driven))
        #expect(driven.calls == [.ringing, .connected, .ended(.hungUpHere)], Self.context(baresip, sipp, driven))
        #expect(sipp.wait(upTo: 10) == 0, Self.context(baresip, sipp, driven))
    }
}
