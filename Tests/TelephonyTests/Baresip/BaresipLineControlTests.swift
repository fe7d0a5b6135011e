// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing
@testable import Telephony

private let (first, second) = (LineCallID("in1"), LineCallID("in2"))

/// Call waiting, hold and mute on BaresipLine against a scripted ctrl_tcp: the commands sent
/// (each after `callfind` of its call) and what the line says of each call.
@Suite("BaresipLine: call waiting, hold and mute against a scripted baresip")
struct BaresipLineControlTests {
    typealias Scripted = BaresipLineTests

    /// A call from +4412 connected (in1), and a second (in2) waiting.
    static func waiting(_ baresip: ScriptedBaresip) throws -> BaresipLine {
        let line = try Scripted.connectedLine(baresip)
        baresip.send(Scripted.event("CALL_INCOMING", id: "in1", direction: "incoming"))
        _ = pump(line, at: 10)
        _ = line.answer(at: 11)
        _ = try baresip.commands()
        baresip.send(Scripted.event("CALL_ESTABLISHED", id: "in1", direction: "incoming"))
        #expect(calls(pump(line, at: 12)) == [.connected])
        baresip.send(Scripted.event("CALL_INCOMING", id: "in2", direction: "incoming", extra: #","peerdisplayname":"Bo""#))
        #expect(calls(pump(line, at: 20)) == [.waiting(second, number: "+4412", name: "Bo")])
        return line
    }

    /// The waiting call answered: in2 current, in1 held.
    static func answered(_ baresip: ScriptedBaresip) throws -> BaresipLine {
        let line = try Self.waiting(baresip)
        #expect(calls(line.control(.answerWaiting, at: 30)) == [])
        #expect(try baresip.commands(atLeast: 2).map { [$0["command"], $0["params"]] } == [["callfind", "in2"], ["accept", ""]])
        baresip.send(Scripted.event("CALL_ESTABLISHED", id: "in2", direction: "incoming"))
        #expect(calls(pump(line, at: 40)) == [.call(first, .held), .call(second, .connected)])
        return line
    }

    /// Answers each command of `commands` ok, with `data`, in one write (as baresip's
    /// answers come at once: written one by one, Nagle's algorithm would hold all but the first).
    static func answer(_ commands: [[String: String]], on baresip: ScriptedBaresip, data: [String: String] = [:]) {
        let answers = commands.map { Scripted.response($0["token"] ?? "", data: data[$0["command"] ?? ""] ?? "") }
        baresip.write(answers.flatMap { Netstring.encode(Array($0.utf8)) })
    }

    @Test func aSecondCallBeforeTheFirstIsConnectedIsTurnedAwayBusy() throws {
        let baresip = try ScriptedBaresip()
        let line = try Scripted.connectedLine(baresip)
        baresip.send(Scripted.event("CALL_INCOMING", id: "in1", direction: "incoming"))
        _ = pump(line, at: 10)
        baresip.send(Scripted.event("CALL_INCOMING", id: "in2", direction: "incoming"))
        #expect(calls(pump(line, at: 20)) == [])
        #expect(try baresip.commands(atLeast: 2).map { [$0["command"], $0["params"]] } == [["callfind", "in2"], ["hangup", ""]])
        baresip.send(Scripted.event("CALL_CLOSED", id: "in2", direction: "incoming", param: "Connection reset by user"))
        #expect(calls(pump(line, at: 30)) == [], "not a call the dialer follows")
        // The first still rings, and is answered alone.
        _ = line.answer(at: 40)
        #expect(try baresip.commands().map { $0["command"] } == ["accept"])
    }

    @Test func theWaitingCallIsAnsweredAndTheFirstHeld() throws {
        let baresip = try ScriptedBaresip()
        _ = try Self.answered(baresip)
    }

    @Test func theWaitingCallIsRejected() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.waiting(baresip)
        _ = line.control(.rejectWaiting, at: 30)
        #expect(try baresip.commands(atLeast: 2).map { [$0["command"], $0["params"]] } == [["callfind", "in2"], ["hangup", ""]])
        baresip.send(Scripted.event("CALL_CLOSED", id: "in2", direction: "incoming", param: "Connection reset by user"))
        #expect(calls(pump(line, at: 40)) == [.call(second, .ended(.hungUpHere))])
        // The first call goes on, alone: its commands need no callfind.
        _ = line.sendTones("5", at: 50)
        #expect(try baresip.commands().map { $0["command"] } == ["sndcode"])
    }

    @Test func swappingHoldsTheCurrentCallAndResumesTheHeldOne() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.answered(baresip)
        _ = line.control(.swap, at: 50)
        let commands = try baresip.commands(atLeast: 4)
        #expect(commands.map { [$0["command"], $0["params"]] } == [["callfind", "in2"], ["hold", ""], ["callfind", "in1"], ["resume", ""]])
        Self.answer(commands, on: baresip, data: ["callfind": "setting current call: x"])
        let swapped = pump(line, at: 60)
        #expect(calls(swapped) == [.call(second, .held), .call(first, .resumed)], "\(swapped)")
        // in1 is current now: a hang-up selects it first.
        _ = line.hangUp(at: 70)
        #expect(try baresip.commands(atLeast: 2).map { [$0["command"], $0["params"]] } == [["callfind", "in1"], ["hangup", ""]])
        baresip.send(Scripted.event("CALL_CLOSED", id: "in1", direction: "incoming", param: "Connection reset by user"))
        // baresip resumes the held call by itself when the other closes.
        #expect(calls(pump(line, at: 80)) == [.call(first, .ended(.hungUpHere)), .call(second, .resumed)])
        baresip.send(Scripted.event("CALL_CLOSED", id: "in2", direction: "incoming", param: "Connection reset by peer"))
        #expect(calls(pump(line, at: 90)) == [.ended(.hungUpThere)])
    }

    @Test func aCallNotFoundIsLoggedAndNothingChanges() throws {
        let baresip = try ScriptedBaresip()
        let line = try Self.answered(baresip)
        _ = line.control(.hold, at: 50)
        let commands = try baresip.commands(atLeast: 2)
        baresip.send(
            Scripted.response(commands[0]["token"] ?? "", data: "call not found (id=in2)\\n"), Scripted.response(commands[1]["token"] ?? "", ok: false))
        let events = pump(line, at: 60)
        #expect(calls(events) == [])
        #expect(events.contains { if case .log(.warning, let text) = $0 { text.contains("call not found") } else { false } })
    }

    @Test func holdResumeAndMuteOfOneCall() throws {
        let baresip = try ScriptedBaresip()
        let line = try Scripted.connectedLine(baresip)
        baresip.send(Scripted.event("CALL_INCOMING", id: "in1", direction: "incoming"))
        _ = pump(line, at: 10)
        _ = line.answer(at: 11)
        _ = try baresip.commands()
        baresip.send(Scripted.event("CALL_ESTABLISHED", id: "in1", direction: "incoming"))
        _ = pump(line, at: 12)

        for (control, command, data, change) in [
            (CallControl.hold, "hold", "", LineCallChange.held), (.resume, "resume", "", .resumed),
            (.mute, "mute", "\\ncall muted\\n", .muted(true)), (.unmute, "mute", "\\ncall un-muted\\n", .muted(false)),
        ] {
            _ = line.control(control, at: 20)
            let commands = try baresip.commands(atLeast: 2)
            #expect(commands.map { $0["command"] } == ["callfind", command])
            Self.answer(commands, on: baresip, data: [command: data])
            #expect(calls(pump(line, at: 30)) == [.call(first, change)])
        }
        // Unmuted already: nothing is sent, and the line says so.
        #expect(calls(line.control(.unmute, at: 40)) == [.call(first, .muted(false))])
        #expect(calls(line.control(.volumeUp, at: 40)) == [.notOnThisLine(.volumeUp)])
    }
}
