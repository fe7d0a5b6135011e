// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import Telephony

@Suite("Netstrings, as baresip's ctrl_tcp frames its messages")
struct NetstringTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func text(_ messages: [[UInt8]]) -> [String] { messages.map { String(decoding: $0, as: UTF8.self) } }

    struct Case: CustomTestStringConvertible {
        var name: String
        /// The stream, as the reads bring it.
        var reads: [String]
        var messages: [String]
        var failure: NetstringError? = nil

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one message", reads: ["12:hello world!,"], messages: ["hello world!"]),
        Case(name: "the empty message", reads: ["0:,"], messages: [""]),
        Case(
            name: "two in one read, as baresip sends an event and a response together",
            reads: [#"14:{"event":true},17:{"response":true},"#], messages: [#"{"event":true}"#, #"{"response":true}"#]),
        Case(name: "cut in the length", reads: ["1", "2:hello ", "world!,"], messages: ["hello world!"]),
        Case(name: "cut before the colon", reads: ["5", ":abcde,"], messages: ["abcde"]),
        Case(name: "cut before the comma", reads: ["5:abcde", ",3:xyz,"], messages: ["abcde", "xyz"]),
        Case(name: "a byte at a time", reads: "3:a,b,2:,,,".map { String($0) }, messages: ["a,b", ",,"]),
        Case(name: "commas and colons inside a payload are payload", reads: ["7:1:2,3:,,"], messages: ["1:2,3:,"]),
        Case(name: "a message not complete yet is kept for the next read", reads: ["5:abc"], messages: []),
        Case(
            name: "JSON with no length is refused", reads: [#"{"command":"dial"}"#], messages: [],
            failure: .badLength(byte: UInt8(ascii: "{"), at: 0)),
        Case(name: "a leading zero is refused", reads: ["05:abcde,"], messages: [], failure: .malformedLength("05")),
        Case(name: "ten length digits are refused", reads: ["1234567890:"], messages: [], failure: .malformedLength("1234567890")),
        Case(name: "a colon with no length is refused", reads: [":abc,"], messages: [], failure: .badLength(byte: UInt8(ascii: ":"), at: 0)),
        Case(
            name: "a length over the limit is refused before any of it is buffered", reads: ["262145:"], messages: [],
            failure: .tooLong(262_145)),
        Case(
            name: "a message without its comma: the ones before it are kept", reads: ["1:a,1:bX"], messages: ["a"],
            failure: .missingComma(byte: UInt8(ascii: "X"), at: 7)),
        Case(
            name: "nothing is read after a broken frame", reads: ["x", "1:a,"], messages: [],
            failure: .badLength(byte: UInt8(ascii: "x"), at: 0)),
    ]

    @Test(arguments: cases)
    func decode(_ scenario: Case) {
        var decoder = NetstringDecoder()
        var messages: [[UInt8]] = []
        for read in scenario.reads { messages += decoder.feed(Self.bytes(read)) }
        #expect(Self.text(messages) == scenario.messages)
        #expect(decoder.failure == scenario.failure)
    }

    @Test("encoding frames any bytes, and decoding gives them back")
    func roundTrip() {
        let payloads: [[UInt8]] = [[], Self.bytes(#"{"command":"dial","params":"5070","token":"d1"}"#), Array(0...255), [UInt8](repeating: 0x2C, count: 1000)]
        var decoder = NetstringDecoder()
        let stream = payloads.flatMap(Netstring.encode)
        #expect(Netstring.encode(Self.bytes("hello world!")) == Self.bytes("12:hello world!,"))
        #expect(decoder.feed(stream) == payloads)
        #expect(decoder.failure == nil)
    }

    @Test("the limit itself is taken")
    func theLimitIsTaken() {
        var decoder = NetstringDecoder()
        let payload = [UInt8](repeating: 0x61, count: Netstring.maximumLength)
        #expect(decoder.feed(Netstring.encode(payload)) == [payload])
    }
}
