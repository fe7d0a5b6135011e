// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Foundation
import Testing
import InputEvents

@Suite("evemu recordings")
struct EvemuRecordingTests {
    static let recordingNames = [
        "matrix-bounce.evemu", "matrix-hold-autorepeat.evemu", "matrix-hold-no-autorepeat.evemu",
        "matrix-scan-codes.evemu", "matrix-short-tap.evemu", "numpad-fast-multitap.evemu",
        "numpad-numlock-off.evemu", "numpad-numlock-wrap.evemu", "numpad-speed-dial.evemu", "numpad-star-clear.evemu",
        "numpad-unplug.evemu",
    ]

    @Test("Every recording in Recordings/ is tested")
    func everyRecordingListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: InputFixtures.recordingsDirectory)
            .filter { $0.hasSuffix(".evemu") }
        #expect(names.sorted() == Self.recordingNames)
    }

    // MARK: Header

    @Test("The header gives the device's name, ids and keys")
    func header() throws {
        let matrix = try InputFixtures.recording("matrix-bounce.evemu")
        #expect(matrix.name == "matrix-keypad")
        #expect(matrix.identity == DeviceIdentity(bus: 0x19, vendor: 0, product: 0, version: 0))
        #expect(matrix.keyCodes == Set(0x200...0x20b))
        #expect(matrix.codes(ofType: EventType.miscellaneous) == [MiscellaneousCode.scan])
        #expect(matrix.properties == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(matrix.eventMasks[EventType.key]?.count == 96)

        let numpad = try InputFixtures.recording("numpad-fast-multitap.evemu")
        #expect(numpad.name == "SEM USB Keypad")
        #expect(numpad.identity?.description == "bus 0003 vendor 1c4f product 0043 version 0110")
        #expect(numpad.keyCodes == Set([14, 55, 69] + Array(71...83) + [96, 98]))
    }

    @Test("The demo session of Config/samples reads, with the lead-in comments skipped")
    func demoSession() throws {
        let path = InputFixtures.configDirectory + "/samples/demo-session.evemu"
        let recording = try EvemuRecording.parse(text: String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(recording.name == "SEM USB Keypad")
        #expect(recording.keyCodes.isSuperset(of: [71, 72, 73, 75, 76, 77, 79, 80, 81, 82]))
        #expect(recording.events.count == 84)
        #expect(recording.events.first == InputEvent(time: 1, type: EventType.miscellaneous, code: MiscellaneousCode.scan, value: 458845))
        #expect(recording.events[1] == .key(76, KeyValue.press, at: 1))
    }

    // MARK: Events

    @Test("Event lines: times in microseconds, hex type and code, decimal value, comments dropped")
    func eventLines() throws {
        let text = """
            # EVEMU 1.3
            N: Test pad # not a comment in a name
            I: 0003 1c4f 0043 0110
            E: 0.000001 0004 0004 0458841\t# EV_MSC / MSC_SCAN             458841
            E: 0.000001 0001 004f 0001\t# EV_KEY / KEY_KP1              1
            E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
              E: 1.250000 0001 004F 0\r
            E: 12.000000 0001 4f -001
            S: 00 1
            Q: an unknown line
            E:13.000000 0001 004f 1
            """
        let recording = try EvemuRecording.parse(text: text, file: "t.evemu")
        #expect(recording.name == "Test pad # not a comment in a name")
        #expect(
            recording.events == [
                InputEvent(time: 1, type: 4, code: 4, value: 458841),
                .key(0x4f, 1, at: 1),
                InputEvent(time: 1, type: 0, code: 0, value: 0),
                .key(0x4f, 0, at: 1_250_000),
                .key(0x4f, -1, at: 12_000_000),
                .key(0x4f, 1, at: 13_000_000),
            ])
        #expect(recording.otherDeviceLines == ["S: 00 1"])
    }

    @Test("A byte order mark and Windows line ends are allowed")
    func byteOrderMarkAndCRLF() throws {
        let recording = try EvemuRecording.parse(text: "\u{FEFF}N: Pad\r\nE: 0.000001 0001 004f 1\r\n", file: "t.evemu")
        #expect(recording.name == "Pad")
        #expect(recording.events == [.key(0x4f, 1, at: 1)])
    }

    /// Found by libFuzzer (fuzz-evemu): `N:` then a vertical tab read as the name "\u{0B}",
    /// which `text` writes as a space, and a space reads back as no name at all.
    @Test("Line breaks inside a name become spaces, so the name reads back the same", arguments: ["\u{0B}", "\u{0C}", "\u{2028}", "\r", "\u{85}"])
    func lineBreakInName(lineBreak: String) throws {
        let recording = try EvemuRecording.parse(text: "N:\(lineBreak)Pad\(lineBreak)One\(lineBreak)\n", file: "t.evemu")
        #expect(recording.name == "Pad One")
        #expect(try EvemuRecording.parse(text: recording.text, file: "again.evemu") == recording)
        #expect(try EvemuRecording.parse(text: "N:\(lineBreak)\n", file: "t.evemu").name == "")
    }

    /// Found by libFuzzer (fuzz-evemu): `A:\r ` kept the CR as a field, written back as
    /// `A: \r` and a line feed, which read as one CR LF line end: the field was gone.
    @Test("A CR inside an A:, L: or S: line separates fields, so the line reads back the same")
    func carriageReturnInDeviceLine() throws {
        let recording = try EvemuRecording.parse(text: "A:\r \nL: 00\r1\n", file: "t.evemu")
        #expect(recording.otherDeviceLines == ["A: ", "L: 00 1"])
        #expect(try EvemuRecording.parse(text: recording.text, file: "again.evemu") == recording)
    }

    /// Found by libFuzzer (fuzz-evemu): in `A:\r\u{32F} `, the combining mark was a field;
    /// written back after a space as `A: \u{32F}`, the space and the mark made one Character,
    /// and the line read back as one field with the space in it.
    @Test(
        "A field that starts with a combining mark reads back the same",
        arguments: [("A:\r\u{32F} \n", "A: \u{32F}"), ("L:\t\u{301}x\n", "L: \u{301}x")])
    func combiningMarkAfterSeparator(text: String, line: String) throws {
        let recording = try EvemuRecording.parse(text: text, file: "t.evemu")
        #expect(recording.otherDeviceLines == [line])
        #expect(try EvemuRecording.parse(text: recording.text, file: "again.evemu") == recording)
    }

    @Test("An empty text is a recording of nothing")
    func emptyText() throws {
        #expect(try EvemuRecording.parse(text: "", file: "empty.evemu") == EvemuRecording())
    }

    // MARK: Writing

    @Test("Writing a recording and reading it back gives the same recording", arguments: recordingNames)
    func roundTrip(name: String) throws {
        let recording = try InputFixtures.recording(name)
        #expect(try EvemuRecording.parse(text: recording.text, file: name) == recording)
    }

    @Test("Written text is in evemu's format")
    func writtenText() {
        let recording = EvemuRecording(
            name: "Pad",
            identity: DeviceIdentity(bus: 3, vendor: 0x1c4f, product: 0x43, version: 0x110),
            eventMasks: [EventType.key: [0, 0x40], EventType.miscellaneous: [0x10]],
            otherDeviceLines: ["L: 00 1"],
            events: [.key(79, 1, at: 1), .key(79, 0, at: 1_250_000), .key(79, -1, at: 2_000_000), .key(79, 2, at: -500)]
        )
        #expect(
            recording.text == """
                # EVEMU 1.3
                N: Pad
                I: 0003 1c4f 0043 0110
                B: 01 00 40 00 00 00 00 00 00
                B: 04 10 00 00 00 00 00 00 00
                L: 00 1
                E: 0.000001 0001 004f 0001
                E: 1.250000 0001 004f 0000
                E: 2.000000 0001 004f -001
                E: -0.000500 0001 004f 0002

                """)
    }

    // MARK: Errors

    @Test(
        "A malformed line is an error naming the line and what is wrong",
        arguments: [
            ("E: 0.000001 0001 004f\n", 1, "an E: line is a time, type, code and value, like E: 0.000001 0001 004f 1; found 3 fields"),
            ("# c\nE: 0.000001 0001 004f 1 7\n", 2, "found 5 fields"),
            ("E: 0.5 0001 004f 1\n", 1, #"event time "0.5" must be seconds, a dot and six digits of microseconds, like 1.250000"#),
            ("E: 1 0001 004f 1\n", 1, #"event time "1" must be"#),
            ("E: 0x1.000000 0001 004f 1\n", 1, #"event time "0x1.000000""#),
            ("E: 99999999999999999999.000000 0001 004f 1\n", 1, "is too large"),
            ("E: 9223372036854.775808 0001 004f 1\n", 1, "is too large"),
            // Far beyond any monotonic clock: differences and timers added to it would overflow.
            ("E: 9223372036854.000000 0001 004f 1\n", 1, "is too large: evemu times are at most 4000000000 seconds either way"),
            ("E: 1.000000 0001 004f 1\nE: -4000000001.000000 0001 004f 0\n", 2, "is too large"),
            // Found by the fuzzer: the microseconds took the time past the limit.
            ("E: 4000000000.000001 0001 004f 1\n", 1, "is too large"),
            ("E: -4000000000.999999 0001 004f 1\n", 1, "is too large"),
            ("E: 0.000001 01g1 004f 1\n", 1, #"event type "01g1" must be a hex number up to ffff"#),
            ("E: 0.000001 0001 10000 1\n", 1, #"event code "10000" must be a hex number up to ffff"#),
            ("E: 0.000001 0001 -04f 1\n", 1, #"event code "-04f""#),
            ("E: 0.000001 0001 004f one\n", 1, #"event value "one" must be a decimal whole number"#),
            ("E: 0.000001 0001 004f 4294967296\n", 1, "fits 32 bits"),
            (
                "E: 0.500000 0001 004f 1\nE: 0.400000 0001 004f 0\n", 2,
                "event time 0.400000 is before the previous event's 0.500000; events must be in time order"
            ),
            ("I: 0003 1c4f 0043\n", 1, "an I: line is the bus, vendor, product and version as four hex numbers"),
            ("I: 0003 1c4f 0043 zz\n", 1, #"found "0003 1c4f 0043 zz""#),
            ("P: 00 00\n", 1, "a P: line is 8 bytes of the property mask in hex"),
            ("B: 01 00 00 00 00 00 00 00\n", 1, "a B: line is an event type and 8 bytes of its code mask"),
            ("B: 20 00 00 00 00 00 00 00 00\n", 1, "a B: line is an event type"),
            ("B: 01 00 00 00 00 00 00 00 100\n", 1, "a B: line"),
            ("N: a\nN: b\n", 2, "a second N: line"),
            ("I: 0003 1c4f 0043 0110\nI: 0003 1c4f 0043 0110\n", 2, "a second I: line"),
        ] as [(String, Int, String)]
    )
    func malformedLine(text: String, line: Int, fragment: String) {
        #expect {
            try EvemuRecording.parse(text: text, file: "bad.evemu")
        } throws: { error in
            guard let error = error as? EvemuRecordingError else { return false }
            return error.file == "bad.evemu" && error.line == line && error.message.contains(fragment)
                && error.description.hasPrefix("bad.evemu:\(line): ")
        }
    }
}
