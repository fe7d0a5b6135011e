// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing
@testable import Telephony

@Suite("baresip's ctrl_tcp messages, read and written")
struct BaresipMessageTests {
    static func parse(_ text: String) -> Result<BaresipMessage, BaresipMessageError> { BaresipMessage.parse(Array(text.utf8)) }

    @Test("an event of a call, as baresip 1.0.0 sends it")
    func callEvent() {
        let text =
            #"{"event":true,"type":"CALL_INCOMING","class":"call","accountaor":"sip:t9dial@127.0.0.1","direction":"incoming","#
            + #""peeruri":"sip:+4412@127.0.0.1:15072","peerdisplayname":"Sam Sipp","id":"1-24700@127.0.0.1","param":"sip:+4412@127.0.0.1:15072"}"#
        let expected = BaresipEvent(
            type: "CALL_INCOMING", eventClass: "call", accountAOR: "sip:t9dial@127.0.0.1", direction: "incoming",
            peerURI: "sip:+4412@127.0.0.1:15072", peerDisplayName: "Sam Sipp", callID: "1-24700@127.0.0.1", param: "sip:+4412@127.0.0.1:15072")
        #expect(Self.parse(text) == .success(.event(expected)))
    }

    @Test("a response")
    func response() {
        let text = #"{"response":true,"ok":false,"data":"command not found (nosuchcommand)\n","token":"t9dial-3"}"#
        #expect(Self.parse(text) == .success(.response(BaresipResponse(ok: false, data: "command not found (nosuchcommand)\n", token: "t9dial-3"))))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var parsed: Result<BaresipMessage, BaresipMessageError>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "unknown fields and event types are taken", text: #"{"event":true,"type":"NEW_THING","class":"other","extra":[1,{"a":null}]}"#,
            parsed: .success(.event(BaresipEvent(type: "NEW_THING", eventClass: "other")))),
        Case(
            name: "an event without an id (CALL_LOCAL_SDP of a call just dialled)",
            text: #"{"event":true,"type":"CALL_LOCAL_SDP","class":"other","direction":"outgoing","param":"offer"}"#,
            parsed: .success(.event(BaresipEvent(type: "CALL_LOCAL_SDP", eventClass: "other", direction: "outgoing", param: "offer")))),
        Case(
            name: "escapes and non-ASCII in strings", text: #"{"event":true,"type":"CALL_INCOMING","peerdisplayname":"Zo\u00eb \"Z\"","id":"x"}"#,
            parsed: .success(.event(BaresipEvent(type: "CALL_INCOMING", peerDisplayName: "Zoë \"Z\"", callID: "x")))),
        Case(
            name: "a response with no token or data", text: #"{"response":true,"ok":true}"#,
            parsed: .success(.response(BaresipResponse(ok: true, data: "", token: nil)))),
        Case(name: "not JSON", text: "hello", parsed: .failure(.notAnObject(excerpt: "hello"))),
        Case(name: "an array", text: "[1,2]", parsed: .failure(.notAnObject(excerpt: "[1,2]"))),
        Case(name: "cut JSON", text: #"{"event":true,"type":"CALL_"#, parsed: .failure(.notJSON(excerpt: #"{"event":true,"type":"CALL_"#))),
        Case(
            name: "a number where a string belongs", text: #"{"event":true,"type":42}"#,
            parsed: .failure(.wrongType(field: "type", excerpt: #"{"event":true,"type":42}"#))),
        Case(
            name: "a string where a boolean belongs", text: #"{"response":"yes","ok":true}"#,
            parsed: .failure(.wrongType(field: "response", excerpt: #"{"response":"yes","ok":true}"#))),
        Case(name: "an event with no type", text: #"{"event":true}"#, parsed: .failure(.eventWithoutType(excerpt: #"{"event":true}"#))),
        Case(name: "neither", text: #"{"hello":1}"#, parsed: .failure(.neitherEventNorResponse(excerpt: #"{"hello":1}"#))),
        Case(name: "control characters are not shown as they are", text: "\u{1B}[2J", parsed: .failure(.notAnObject(excerpt: "?[2J"))),
    ]

    @Test(arguments: cases)
    func parsing(_ scenario: Case) {
        #expect(Self.parse(scenario.text) == scenario.parsed)
    }

    @Test("hostile payloads give errors, not crashes")
    func hostile() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let deepObject = "{\"a\":" + deep + "}"
        let huge = "{\"event\":true,\"type\":\"" + String(repeating: "x", count: Netstring.maximumLength) + "\"}"
        for text in [deep, deepObject, huge, "{", "{\"event\":true,\"type\":\"\\ud800\"}", "{\"event\":1e999}"] {
            if case .success(let message) = Self.parse(text) {
                Issue.record("parsed \(String(text.prefix(40))) as \(message)")
            }
        }
        #expect(BaresipMessage.parse(Array(repeating: 0xFF, count: 1000)) == .failure(.notAnObject(excerpt: String(repeating: "?", count: 80) + "...")))
    }

    @Test("commands are JSON with their params escaped, framed as netstrings")
    func commands() {
        #expect(BaresipCommand.dial("+441214960000").json(token: "t9dial-1") == #"{"command":"dial","params":"+441214960000","token":"t9dial-1"}"#)
        #expect(BaresipCommand.hangUp.json(token: "a") == #"{"command":"hangup","params":"","token":"a"}"#)
        #expect(BaresipCommand.accept.json(token: "a") == #"{"command":"accept","params":"","token":"a"}"#)
        #expect(BaresipCommand.sendCode("#").json(token: "a") == ##"{"command":"sndcode","params":"#","token":"a"}"##)
        #expect(BaresipCommand.dial("a\"b\\c\n\u{1}é$(x)").json(token: "t") == #"{"command":"dial","params":"a\"b\\c\n\u0001é$(x)","token":"t"}"#)
        #expect(BaresipCommand.accept.encoded(token: "a") == Array(#"44:{"command":"accept","params":"","token":"a"},"#.utf8))
    }

    @Test(
        "what is dialled for a number",
        arguments: [
            ("+44 (121) 496-0000", Result<String, BaresipDialError>.success("+441214960000")),
            ("  5070 ", .success("5070")),
            ("sip:alice@example.com", .success("sip:alice@example.com")),
            ("100@127.0.0.1:5070", .success("100@127.0.0.1:5070")),
            ("", .failure(.empty)),
            (" - ", .failure(.empty)),
            ("123\n; hangup", .failure(.controlCharacters)),
            ("sip:a b@host", .failure(.spaceInURI)),
            (String(repeating: "1", count: 257), .failure(.tooLong)),
        ])
    func dialTarget(number: String, expected: Result<String, BaresipDialError>) {
        #expect(BaresipDialTarget.prepare(number) == expected)
    }

    @Test(
        "CALL_CLOSED's parameter as the call's end",
        arguments: [
            ("486 Busy Here", CallEnd.busy),
            ("600 Busy Everywhere", .busy),
            ("603 Decline", .rejected),
            ("408 Request Timeout", .noAnswer),
            ("480 Temporarily Unavailable", .noAnswer),
            ("487 Request Terminated", .noAnswer),
            ("Connection timed out", .noAnswer),
            ("Connection reset by user", .hungUpHere),
            ("Connection reset by peer", .hungUpThere),
            ("404 Not Found", .failed("404 Not Found")),
            ("end of file", .failed("end of file")),
            ("Destination address required", .failed("Destination address required")),
            ("4860 odd", .failed("4860 odd")),
            ("", .failed("baresip gave no reason")),
            // ALSA's -ENOENT and -EBUSY, passed on by baresip 1.0.0 as they are.
            ("Unknown error -2", .failed(CallEnd.baresipSoundDevice + ": No such file or directory")),
            ("Unknown error -16", .failed(CallEnd.baresipSoundDevice + ": Device or resource busy")),
            ("Unknown error 2", .failed("Unknown error 2")),
            ("Unknown error -x", .failed("Unknown error -x")),
        ])
    func closedParam(param: String, end: CallEnd) {
        #expect(CallEnd(baresipClosedParam: param) == end)
    }

    @Test(
        "the number of an incoming call is its URI's user part",
        arguments: [
            ("sip:+4412@127.0.0.1:15072", "+4412"),
            ("sips:alice@example.com", "alice"),
            ("<sip:0121496;user=phone@host>", "0121496"),
            ("sip:bob:secret@host", "bob"),
            ("tel:+441214960000", "+441214960000"),
            ("sip:example.com", ""),
            ("", ""),
        ])
    func userPart(uri: String, number: String) {
        #expect(BaresipLine.userPart(uri) == number)
    }
}
