// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
import Testing
@testable import Telephony

/// BaresipLine against a scripted ctrl_tcp on a real loopback socket; times are the test's.
@Suite("BaresipLine against a scripted baresip")
struct BaresipLineTests {
    static let aor = #""accountaor":"sip:t9dial@127.0.0.1""#

    static func event(_ type: String, id: String? = "c1", direction: String = "outgoing", param: String = "", extra: String = "") -> String {
        let idField = id.map { #","id":"\#($0)""# } ?? ""
        let peer = direction == "outgoing" ? "sip:100@127.0.0.1:5070" : "sip:+4412@127.0.0.1:5072"
        return #"{"event":true,"type":"\#(type)","class":"call",\#(aor),"direction":"\#(direction)","peeruri":"\#(peer)""#
            + #"\#(extra)\#(idField),"param":"\#(param)"}"#
    }

    static func response(_ token: String, ok: Bool = true, data: String = "") -> String {
        #"{"response":true,"ok":\#(ok),"data":"\#(data)","token":"\#(token)"}"#
    }

    /// A line connected to `baresip`, its `reginfo` answered: ready, with no problem.
    static func connectedLine(_ baresip: ScriptedBaresip) throws -> BaresipLine {
        let line = try BaresipLine(control: baresip.control)
        let started = line.start(at: 0)
        #expect(!started.contains(.problem("SIP not connected")))
        try baresip.accept()
        let commands = try baresip.commands(atLeast: 2)
        #expect(commands.map { $0["command"] } == ["reginfo", "listcalls"])
        baresip.send(
            response(commands[0]["token"] ?? "", data: "\\n--- User Agents (1) ---\\n> sip:t9dial@127.0.0.1     \\n\\n"),
            response(commands[1]["token"] ?? "", data: "\\n--- Active calls (0) ---\\n\\n"))
        #expect(calls(pump(line, at: 1)) == [])
        #expect(line.problem == nil)
        #expect(line.nextDeadline == nil, "connected and idle: asleep")
        return line
    }

    @Test("an outgoing call: dialled, rings, connects, tones, hung up here")
    func outgoingCall() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        #expect(calls(line.dial("+44 121 496-0000", at: 10)) == [])
        let dial = try baresip.commands()
        #expect(dial.map { $0["command"] } == ["dial"])
        #expect(dial[0]["params"] == "+441214960000")
        #expect(line.nextDeadline == 10 + BaresipLine.dialTimeout)
        // What baresip 1.0.0 sends: CALL_LOCAL_SDP (no id), the response, then the call's events.
        baresip.send(
            #"{"event":true,"type":"CALL_LOCAL_SDP","class":"other","direction":"outgoing","param":"offer"}"#,
            Self.response(dial[0]["token"] ?? ""),
            Self.event("CALL_RINGING"), Self.event("CALL_PROGRESS"))
        #expect(calls(pump(line, at: 20)) == [.ringing])
        #expect(line.nextDeadline == nil)
        baresip.send(Self.event("CALL_REMOTE_SDP", param: "answer"), Self.event("CALL_ESTABLISHED"))
        #expect(calls(pump(line, at: 30)) == [.connected])
        #expect(calls(line.sendTones("5x#", at: 40)) == [])
        #expect(try baresip.commands(atLeast: 2).map { [$0["command"], $0["params"]] } == [["sndcode", "5"], ["sndcode", "#"]])
        #expect(calls(line.hangUp(at: 50)) == [])
        #expect(try baresip.commands().map { $0["command"] } == ["hangup"])
        baresip.send(Self.event("CALL_CLOSED", param: "Connection reset by user"))
        #expect(calls(pump(line, at: 60)) == [.ended(.hungUpHere)])
    }

    @Test("busy: closed before ringing, the call named by CALL_CLOSED itself")
    func busy() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        _ = line.dial("5070", at: 10)
        _ = try baresip.commands()
        baresip.send(Self.event("CALL_CLOSED", param: "486 Busy Here"))
        #expect(calls(pump(line, at: 20)) == [.ended(.busy)])
    }

    @Test("messages cut byte by byte, and many in one read")
    func partialReads() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        _ = line.dial("5070", at: 10)
        let token = try baresip.commands()[0]["token"] ?? ""
        var seen: [LineEvent] = []
        for byte in Netstring.encode(Array((Self.response(token) + "").utf8)) + Netstring.encode(Array(Self.event("CALL_RINGING").utf8)) {
            baresip.write([byte])
            seen += calls(pump(line, at: 20))
        }
        #expect(seen == [.ringing])
        baresip.send(Self.event("CALL_ESTABLISHED"), Self.event("CALL_REMOTE_SDP"), Self.event("CALL_CLOSED", param: "Connection reset by peer"))
        #expect(calls(pump(line, at: 30)) == [.connected, .ended(.hungUpThere)])
    }

    @Test("an incoming call, answered; a second one during it waits; a third is not reported")
    func incoming() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send(Self.event("CALL_INCOMING", id: "in1", direction: "incoming", extra: #","peerdisplayname":"Sam Sipp""#))
        #expect(calls(pump(line, at: 10)) == [.incoming(number: "+4412", name: "Sam Sipp")])
        #expect(calls(line.answer(at: 20)) == [])
        #expect(try baresip.commands().map { $0["command"] } == ["accept"])
        baresip.send(Self.event("CALL_ESTABLISHED", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 30)) == [.connected])
        baresip.send(Self.event("CALL_INCOMING", id: "in2", direction: "incoming"), Self.event("CALL_INCOMING", id: "in3", direction: "incoming"))
        let second = pump(line, at: 40)
        #expect(calls(second) == [.waiting(LineCallID("in2"), number: "+4412", name: nil)])
        #expect(second.contains { if case .log(.warning, let text) = $0 { text.contains("call_max_calls 2") } else { false } })
        baresip.send(Self.event("CALL_CLOSED", id: "in2", direction: "incoming", param: "Connection reset by peer"))
        #expect(calls(pump(line, at: 45)) == [.call(LineCallID("in2"), .ended(.hungUpThere))])
        baresip.send(Self.event("CALL_CLOSED", id: "in1", direction: "incoming", param: "Connection reset by peer"))
        #expect(calls(pump(line, at: 50)) == [.ended(.hungUpThere)])
    }

    @Test("an incoming call with no display name, rejected here")
    func rejected() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send(Self.event("CALL_INCOMING", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 10)) == [.incoming(number: "+4412", name: nil)])
        _ = line.hangUp(at: 20)
        #expect(try baresip.commands().map { $0["command"] } == ["hangup"])
        baresip.send(Self.event("CALL_CLOSED", id: "in1", direction: "incoming", param: "Connection reset by user"))
        #expect(calls(pump(line, at: 30)) == [.ended(.hungUpHere)])
    }

    @Test("a dial baresip refuses ends as failed, in baresip's words")
    func refusedDial() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        _ = line.dial("5070", at: 10)
        let token = try baresip.commands()[0]["token"] ?? ""
        baresip.send(Self.response(token, ok: false, data: "could not find UA\\n"))
        #expect(calls(pump(line, at: 20)) == [.ended(.failed("could not find UA"))])
    }

    @Test("a dial baresip never starts ends as failed after the dial timeout, and is hung up")
    func silentDial() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        _ = line.dial("5070", at: 10)
        _ = try baresip.commands()
        #expect(calls(line.wake(readable: [], at: 10 + BaresipLine.dialTimeout - 1)) == [])
        #expect(calls(line.wake(readable: [], at: 10 + BaresipLine.dialTimeout)) == [.ended(.failed("baresip did not start the call"))])
        #expect(try baresip.commands().map { $0["command"] } == ["hangup"])
        #expect(line.nextDeadline == nil)
    }

    @Test("dialling with no connection, or during a call, fails at once")
    func dialFailsAtOnce() throws {
        let baresip = try ScriptedBaresip()
        let port = baresip.control
        baresip.closeListener()
        let line = try BaresipLine(control: port)
        let started = line.start(at: 0)
        #expect(calls(started) == [.problem("SIP not connected")])
        #expect(started.contains { if case .log(.warning, let text) = $0 { text.contains("ctrl_tcp_listen \(port)") } else { false } })
        #expect(calls(line.dial("5070", at: 1)) == [.ended(.failed("SIP not connected"))])

        let other = try ScriptedBaresip()
        let connected = try Self.connectedLine(other)
        _ = connected.dial("5070", at: 10)
        #expect(calls(connected.dial("5071", at: 11)) == [.ended(.failed("another call is under way"))])
    }

    /// baresip's `dial` with no number redials the last one: a line is never given one, as
    /// every number is prepared before it reaches a line.
    @Test("an empty number never reaches baresip: baresip would redial the last one")
    func emptyNumber() throws {
        #expect(throws: DialNumberError.nothingToDial("  ")) { try DialNumber("  ") }
    }

    @Test("baresip going away ends the call; the line reconnects after its backoff, which grows and starts over")
    func restart() throws {
        let baresip = try ScriptedBaresip()
        let port = baresip.port
        let line = try Self.connectedLine(baresip)
        _ = line.dial("5070", at: 10)
        _ = try baresip.commands()
        baresip.send(Self.event("CALL_RINGING"))
        #expect(calls(pump(line, at: 20)) == [.ringing])

        // baresip stops: its socket closes, and nothing listens.
        baresip.closeClient()
        baresip.closeListener()
        let now: Int64 = 20_000_000
        #expect(calls(pump(line, at: now)) == [.ended(.failed("baresip went away")), .problem("SIP not connected")])
        #expect(line.descriptors.isEmpty)
        #expect(line.nextDeadline == now + BaresipLine.firstBackoff)
        #expect(calls(line.dial("5070", at: now + 1)) == [.ended(.failed("SIP not connected"))])
        // Not yet due: no attempt.
        #expect(line.wake(readable: [], at: now + BaresipLine.firstBackoff - 1) == [])
        // Due, and refused: the backoff doubles.
        let refused = line.wake(readable: [], at: now + BaresipLine.firstBackoff)
        #expect(calls(refused) == [])
        #expect(line.nextDeadline == now + BaresipLine.firstBackoff * 3)

        // baresip is back on the same port: the next attempt connects.
        try baresip.listen(port: port)
        #expect(calls(line.wake(readable: [], at: now + BaresipLine.firstBackoff * 3)) == [.problem(nil)])
        try baresip.accept()
        #expect(try baresip.commands(atLeast: 2).map { $0["command"] } == ["reginfo", "listcalls"])
        #expect(line.nextDeadline == nil)

        // Kicked out again at once: a short connection keeps the backoff growing.
        baresip.closeClient()
        let later = now + BaresipLine.firstBackoff * 3 + 1000
        #expect(calls(pump(line, at: later)) == [.problem("SIP not connected")])
        #expect(line.nextDeadline == later + BaresipLine.firstBackoff * 4)
        #expect(calls(line.wake(readable: [], at: later + BaresipLine.firstBackoff * 4)) == [.problem(nil)])
        try baresip.accept()
        _ = try baresip.commands()
        // A connection that lasted: the backoff starts over.
        baresip.closeClient()
        let muchLater = later + BaresipLine.firstBackoff * 4 + BaresipLine.goodConnection
        #expect(calls(pump(line, at: muchLater)) == [.problem("SIP not connected")])
        #expect(line.nextDeadline == muchLater + BaresipLine.firstBackoff)
    }

    @Test("the backoff stops growing at its maximum")
    func backoffMaximum() throws {
        let baresip = try ScriptedBaresip()
        let control = baresip.control
        baresip.closeListener()
        let line = try BaresipLine(control: control)
        _ = line.start(at: 0)
        var now: Int64 = 0
        for _ in 0..<12 {
            now = line.nextDeadline ?? 0
            _ = line.wake(readable: [], at: now)
        }
        #expect(line.nextDeadline == now + BaresipLine.maximumBackoff)
    }

    @Test("registration: REGISTER_FAIL is a problem until REGISTER_OK; reginfo's ERR too")
    func registration() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send(#"{"event":true,"type":"REGISTER_FAIL","class":"register",\#(Self.aor),"param":"401 Unauthorized"}"#)
        #expect(calls(pump(line, at: 10)) == [.problem("SIP not registered: 401 Unauthorized")])
        baresip.send(#"{"event":true,"type":"REGISTER_OK","class":"register",\#(Self.aor),"param":"200 OK"}"#)
        #expect(calls(pump(line, at: 20)) == [.problem(nil)])

        let other = try ScriptedBaresip()
        let second = try BaresipLine(control: other.control)
        _ = second.start(at: 0)
        try other.accept()
        let token = try other.commands(atLeast: 2)[0]["token"] ?? ""
        other.send(Self.response(token, data: "\\n--- User Agents (1) ---\\n> sip:t9dial@example.com     \\u001B[31mERR\\u001B[;m  Expires 0s\\n\\n"))
        #expect(calls(pump(second, at: 1)) == [.problem("SIP not registered: registration failed")])
    }

    @Test("a stream that is not netstrings drops the connection; a bad message in good framing is skipped")
    func hostileStream() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send("not json", #"{"event":"yes"}"#)
        let skipped = pump(line, at: 10)
        #expect(calls(skipped) == [])
        #expect(skipped.filter { if case .log(.warning, _) = $0 { true } else { false } }.count == 2)
        baresip.write(Array("HTTP/1.1 200 OK\r\n".utf8))
        #expect(calls(pump(line, at: 20)) == [.problem("SIP not connected")])
        #expect(baresip.peerClosed())
    }

    @Test("tones: only with a connected call, and only DTMF characters")
    func tones() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        #expect(calls(line.sendTones("123", at: 5)) == [])
        baresip.send(Self.event("CALL_INCOMING", id: "in1", direction: "incoming"), Self.event("CALL_ESTABLISHED", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 10)) == [.incoming(number: "+4412", name: nil), .connected])
        _ = line.sendTones("1A*\n9", at: 20)
        #expect(try baresip.commands(atLeast: 4).map { $0["params"] ?? "" } == ["1", "A", "*", "9"])
    }

    @Test("stop lets go of the connection; before start there is nothing to wait for")
    func stop() throws {
        let baresip = try ScriptedBaresip()
        let idle = try BaresipLine(control: baresip.control)
        #expect(idle.descriptors.isEmpty)
        #expect(idle.nextDeadline == nil)
        let line = try Self.connectedLine(baresip)
        line.stop()
        #expect(line.descriptors.isEmpty)
        #expect(line.nextDeadline == nil)
        #expect(baresip.peerClosed())
    }

    // MARK: Another client

    @Test("another client holds baresip's control connection: the line says so, does not take it, and connects once it is free")
    func heldElsewhere() throws {
        let baresip = try ScriptedBaresip()
        let other = try baresip.connectOtherClient()
        let line = try BaresipLine(control: baresip.control)
        let started = line.start(at: 0)
        #expect(calls(started) == [.problem(BaresipLine.heldElsewhereProblem)])
        #expect(started.contains { if case .log(.warning, let text) = $0 { text.contains("another program") } else { false } })
        #expect(line.descriptors.isEmpty)
        #expect(line.nextDeadline == BaresipLine.firstBackoff)
        #expect(calls(line.dial("5070", at: 1)) == [.ended(.failed(BaresipLine.heldElsewhereProblem))])
        // Still held at the next look: no connection, and no second warning.
        #expect(line.wake(readable: [], at: BaresipLine.firstBackoff) == [])
        #expect(line.descriptors.isEmpty)
        try baresip.accept()
        #expect(!baresip.hasPendingConnection(), "the line did not connect")

        // The other client lets go: the next look finds it free, and connects.
        close(other)
        baresip.closeClient()
        let free = line.wake(readable: [], at: BaresipLine.firstBackoff * 3)
        #expect(calls(free) == [.problem(nil)])
        try baresip.accept()
        #expect(try baresip.commands(atLeast: 2).map { $0["command"] } == ["reginfo", "listcalls"])
    }

    @Test("a connection another client takes: the line says so, does not take it back, and a caller ringing is a missed call")
    func takenOver() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send(Self.event("CALL_INCOMING", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 10)) == [.incoming(number: "+4412", name: nil)])
        // baresip 1.0.0 gives the connection to a new client and closes the one before.
        let other = try baresip.connectOtherClient()
        defer { close(other) }
        baresip.closeClient()
        let taken = pump(line, at: 20)
        #expect(calls(taken) == [.ended(.noAnswer), .problem(BaresipLine.heldElsewhereProblem)])
        #expect(taken.contains { if case .log(.warning, let text) = $0 { text.contains("took baresip's control connection") } else { false } })
        let next = try #require(line.nextDeadline)
        #expect(line.wake(readable: [], at: next) == [])
        #expect(line.descriptors.isEmpty)
    }

    // MARK: Calls there before the line

    @Test(
        "on connecting, a call baresip has already shows: ringing as incoming with its number and name, connected as connected",
        arguments: [("INCOMING", false), ("ESTABLISHED", true)])
    func callOnConnect(state: String, connected: Bool) throws {
        let baresip = try ScriptedBaresip()
        let line = try BaresipLine(control: baresip.control)
        _ = line.start(at: 0)
        try baresip.accept()
        let commands = try baresip.commands(atLeast: 2)
        baresip.send(
            Self.response(commands[0]["token"] ?? "", data: "\\n--- User Agents (1) ---\\n> sip:t9dial@127.0.0.1     \\n\\n"),
            Self.response(
                commands[1]["token"] ?? "",
                data: "\\n--- Active calls (1) ---\\n> [line 1]  0:00:03   \(state)             sip:+4412@127.0.0.1:5072\\n\\n"))
        #expect(calls(pump(line, at: 1)) == [])
        let status = try baresip.commands()
        #expect(status.map { $0["command"] } == ["callstat"])
        baresip.send(
            Self.response(
                status[0]["token"] ?? "",
                data: "\\n===== Call debug (\(state)) =====\\n local_uri:  <sip:t9dial@127.0.0.1:5060>\\n"
                    + " peer_uri:  Sam Sipp <sip:+4412@127.0.0.1:5072>\\n af=AF_INET id=in1\\n direction: Incoming\\nSDP session\\n"))
        #expect(calls(pump(line, at: 2)) == [.incoming(number: "+4412", name: "Sam Sipp")] + (connected ? [.connected] : []))
        baresip.send(Self.event("CALL_CLOSED", id: "in1", direction: "incoming", param: "Connection reset by peer"))
        #expect(calls(pump(line, at: 3)) == [.ended(.hungUpThere)])
    }

    // MARK: Deadlines

    @Test("baresip takes the hang-up and never closes the call: the call ends here at the deadline, and the next dial goes out")
    func hangUpNeverClosed() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        _ = line.dial("5070", at: 10)
        _ = try baresip.commands()
        baresip.send(Self.event("CALL_RINGING"), Self.event("CALL_ESTABLISHED"))
        #expect(calls(pump(line, at: 20)) == [.ringing, .connected])
        #expect(calls(line.hangUp(at: 50)) == [])
        #expect(try baresip.commands().map { $0["command"] } == ["hangup"])
        #expect(line.nextDeadline == 50 + BaresipLine.requestTimeout)
        #expect(calls(line.wake(readable: [], at: 50 + BaresipLine.requestTimeout - 1)) == [])
        let ended = line.wake(readable: [], at: 50 + BaresipLine.requestTimeout)
        #expect(calls(ended) == [.ended(.failed("baresip did not end the call within 5 s"))])
        #expect(line.nextDeadline == nil)
        #expect(calls(line.dial("5071", at: 60 + BaresipLine.requestTimeout)) == [])
        #expect(try baresip.commands().map { $0["command"] } == ["dial"])
    }

    @Test("baresip takes the answer and never connects the call: it ends here at the deadline, and is hung up")
    func answerNeverConnected() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send(Self.event("CALL_INCOMING", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 10)) == [.incoming(number: "+4412", name: nil)])
        _ = line.answer(at: 20)
        #expect(try baresip.commands().map { $0["command"] } == ["accept"])
        #expect(line.nextDeadline == 20 + BaresipLine.requestTimeout)
        let ended = line.wake(readable: [], at: 20 + BaresipLine.requestTimeout)
        #expect(calls(ended) == [.ended(.failed("baresip did not answer the call within 5 s"))])
        #expect(try baresip.commands().map { $0["command"] } == ["hangup"])
        #expect(line.nextDeadline == nil)
    }

    @Test("baresip never takes a tone: at the deadline the tones are dropped and shown, and the call goes on")
    func toneNeverTaken() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        baresip.send(Self.event("CALL_INCOMING", id: "in1", direction: "incoming"), Self.event("CALL_ESTABLISHED", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 10)) == [.incoming(number: "+4412", name: nil), .connected])
        _ = line.sendTones("1", at: 30)
        let tone = try baresip.commands()
        #expect(tone.map { $0["command"] } == ["sndcode"])
        #expect(line.nextDeadline == 30 + BaresipLine.requestTimeout)
        // A tone answered in time sets no deadline.
        baresip.send(Self.response(tone[0]["token"] ?? ""))
        #expect(calls(pump(line, at: 40)) == [])
        #expect(line.nextDeadline == nil)
        _ = line.sendTones("2", at: 50)
        let second = try baresip.commands()
        let late = line.wake(readable: [], at: 50 + BaresipLine.requestTimeout)
        #expect(calls(late) == [.problem(BaresipLine.tonesNotTakenProblem)])
        #expect(late.contains(.log(.warning, "baresip did not take the tones within 5 s; the call goes on")))
        #expect(line.nextDeadline == nil)
        // A tone taken again clears the notice; so does the call's end.
        // Nothing was hung up: the next command baresip gets is the next tone.
        _ = line.sendTones("3", at: 60)
        let third = try baresip.commands()
        #expect(third.map { $0["command"] } == ["sndcode"])
        baresip.send(Self.response(second[0]["token"] ?? ""), Self.response(third[0]["token"] ?? ""))
        #expect(pump(line, at: 61).contains(.problem(nil)))
        _ = line.sendTones("4", at: 70)
        _ = try baresip.commands()
        #expect(line.wake(readable: [], at: 70 + BaresipLine.requestTimeout).contains(.problem(BaresipLine.tonesNotTakenProblem)))
        baresip.send(Self.event("CALL_CLOSED", id: "in1", direction: "incoming"))
        let closed = pump(line, at: 80)
        #expect(calls(closed).contains(.problem(nil)))
        #expect(calls(closed).contains { if case .ended = $0 { true } else { false } })
    }

    // MARK: Bounds

    @Test("failed registrations of ever new accounts are kept up to the bound, and the problem shows")
    func registrationFailuresBounded() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.connectedLine(baresip)
        let failures = (0..<BaresipLine.maximumRegistrationFailures * 4).map {
            #"{"event":true,"type":"REGISTER_FAIL","class":"register","accountaor":"sip:u\#($0)@example.com","param":"403 Forbidden"}"#
        }
        baresip.write(failures.flatMap { Netstring.encode(Array($0.utf8)) })
        var now: Int64 = 10
        while line.registrationFailureCount < BaresipLine.maximumRegistrationFailures, now < 100 {
            _ = pump(line, at: now)
            now += 1
        }
        _ = line.wake(readable: line.descriptors, at: now)
        #expect(line.registrationFailureCount == BaresipLine.maximumRegistrationFailures)
        #expect(line.problem == "SIP not registered: 403 Forbidden")
    }

    // MARK: Connecting

    @Test("connecting never waits: a listener with a full queue leaves the connection under way, looked at on wakes, failed at the timeout")
    func connectUnderWay() throws {
        let baresip = try ScriptedBaresip(backlog: 0)
        let filler = try baresip.connectOtherClient()
        defer { close(filler) }
        let line = try BaresipLine(control: baresip.control)
        // The connection filling the queue is no t9dial here: the line is to try.
        line.socketTable = { [] }
        #expect(calls(line.start(at: 0)) == [])
        #expect(line.descriptors.count == 1)
        #expect(line.problem == "SIP not connected")
        #expect(line.nextDeadline == BaresipLine.firstConnectCheck)
        #expect(calls(line.dial("5070", at: 1)) == [.ended(.failed("SIP not connected"))])
        #expect(calls(line.wake(readable: [], at: BaresipLine.firstConnectCheck)) == [])
        #expect((line.nextDeadline ?? 0) > BaresipLine.firstConnectCheck)
        let failed = line.wake(readable: [], at: BaresipLine.connectTimeout)
        #expect(calls(failed) == [.problem("SIP not connected")])
        #expect(failed.contains { if case .log(.warning, let text) = $0 { text.contains("timed out") } else { false } })
        #expect(line.descriptors.isEmpty)
        #expect(line.nextDeadline == BaresipLine.connectTimeout + BaresipLine.firstBackoff)
    }
}
