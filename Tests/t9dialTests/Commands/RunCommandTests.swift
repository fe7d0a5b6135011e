// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial run --replay`: recorded keypad sessions through the whole program, from evdev events
/// to the screens and dials it prints, over the sample book.
@Suite("t9dial run --replay")
struct RunCommandTests {
    static let recordings = T9DialProcess.repositoryRoot + "/Tests/DialerEngineTests/Recordings/"

    /// What a replay printed: every screen's query and mode, the dials and what came of them.
    struct Replay {
        var screens: [[String: Any]]
        var dials: [(name: String?, number: String)]
        var outcomes: [(placed: Bool, message: String)] = []

        /// The query of each screen but the calling screens (behind which the query waits).
        var queries: [String] { screens.filter { $0["calling"] is NSNull }.compactMap { $0["query"] as? String } }
        var last: [String: Any] { screens.last ?? [:] }
        /// The name of the first result of the last screen that had results.
        var lastTopResult: String? {
            screens.reversed().compactMap { ($0["results"] as? [[String: Any]])?.first?["name"] as? String }.first
        }
    }

    func replay(_ recording: String, _ extra: [String] = []) throws -> Replay {
        let output = try T9DialProcess.run(["run", "--replay", recording, "--json", "--contacts", T9DialProcess.sampleContacts] + extra)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        var replay = Replay(screens: [], dials: [])
        for line in output.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            switch object["event"] as? String {
            case "screen": replay.screens.append(object)
            case "dial": replay.dials.append((object["name"] as? String, try #require(object["number"] as? String)))
            case "dialled":
                replay.outcomes.append((try #require(object["placed"] as? Bool), try #require(object["message"] as? String)))
            default: Issue.record("unexpected line \(line)")
            }
        }
        return replay
    }

    @Test func bouncingContactsTypeEachKeyOnce() throws {
        let replay = try replay(Self.recordings + "matrix-bounce.evemu")
        #expect(replay.queries.filter { !$0.isEmpty } == ["2", "25"])
        #expect(replay.dials.map(\.name) == ["Αλέξανδρος Παπαδόπουλος"])
        #expect(replay.dials.map(\.number) == ["+30 691 234 5678"])
        // A replay only prints its dials, and says they were placed.
        #expect(replay.outcomes.map(\.placed) == [true])
        #expect(replay.outcomes.map(\.message) == ["Calling +306912345678"])
        // The screen shown last is the placed call, not the dialling that came before it.
        #expect((replay.last["calling"] as? [String: Any])?["state"] as? String == "placed")
    }

    @Test(arguments: ["matrix-hold-autorepeat.evemu", "matrix-hold-no-autorepeat.evemu"])
    func longPressesActWithOrWithoutAutorepeat(recording: String) throws {
        let replay = try replay(Self.recordings + recording)
        // 0 held is +, never a run of zeros from autorepeat; # held switches to multi-tap.
        #expect(replay.queries.contains("+"))
        #expect(!replay.queries.contains { $0.contains("00") })
        #expect(replay.last["mode"] as? String == "multitap")
        #expect(replay.dials.isEmpty)
    }

    @Test func scanCodesAreIgnoredAndTheNumberIsDialled() throws {
        let replay = try replay(Self.recordings + "matrix-scan-codes.evemu")
        #expect(replay.queries.filter { !$0.isEmpty } == ["0", "01", "012", "0121"])
        #expect(replay.dials.map(\.name) == ["Berkeley Hair-Studio"])
    }

    @Test func veryShortTapsStillCount() throws {
        let replay = try replay(Self.recordings + "matrix-short-tap.evemu")
        #expect(replay.last["query"] as? String == "39")
        #expect(replay.lastTopResult == "Telemaco Palombi")
    }

    @Test func fastMultiTapAt80msCountsEveryPress() throws {
        // 7 four times is s, 4 twice is h.
        let multitap = try replay(Self.recordings + "numpad-fast-multitap.evemu", ["--mode", "multitap"])
        #expect(multitap.last["query"] as? String == "sh")
        let t9 = try replay(Self.recordings + "numpad-fast-multitap.evemu")
        #expect(t9.last["query"] as? String == "777744")
    }

    @Test func numLockWrappingIsIgnored() throws {
        let replay = try replay(Self.recordings + "numpad-numlock-wrap.evemu")
        #expect(replay.queries.filter { !$0.isEmpty } == ["1", "12", "123"])
    }

    @Test func aNumpadWithItsNumLockOffStillTypesDigits() throws {
        let replay = try replay(Self.recordings + "numpad-numlock-off.evemu")
        #expect(replay.dials.map(\.number) == ["123467890"])
        #expect(replay.dials.map(\.name) == [nil])
    }

    @Test func starHeldDeletesAndHeldLongerClears() throws {
        let replay = try replay(Self.recordings + "numpad-star-clear.evemu")
        #expect(replay.queries.filter { !$0.isEmpty } == ["5", "56", "5"])
        #expect(replay.last["query"] as? String == "")
    }

    @Test func aKeyHeldWhenTheRecordingStopsDoesNotType() throws {
        let replay = try replay(Self.recordings + "numpad-unplug.evemu")
        #expect(replay.last["query"] as? String == "46")
    }

    @Test func theDemoSessionDialsBothContacts() throws {
        let replay = try replay("Config/samples/demo-session.evemu")
        #expect(replay.dials.map(\.name) == ["William John Smith", "Telemaco Palombi"])
        #expect(replay.dials.map(\.number) == ["+1 201-555-0123", "+39 312 481 9661"])
        #expect(replay.queries.contains("5764"))
        #expect(replay.queries.contains("glo"))
    }

    @Test func aBrokenRecordingIsAnErrorWithItsLine() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let file = try T9DialProcess.write("N: keypad\nE: 0.000001 0001 0202 1\nE: zero 0001 0202 0\n", to: directory + "/bad.evemu")
            let output = try T9DialProcess.run(["run", "--replay", file, "--contacts", T9DialProcess.sampleContacts])
            #expect(output.status != 0)
            #expect(output.stderr.contains("bad.evemu:3"))
        }
    }

    @Test func aMissingRecordingIsAnError() throws {
        let output = try T9DialProcess.run(["run", "--replay", "no-such.evemu", "--contacts", T9DialProcess.sampleContacts])
        #expect(output.status != 0)
        #expect(output.stderr.contains("no-such.evemu: no such file"))
    }
}

/// `t9dial run --output ...`: pictures of the screen.
@Suite("t9dial run pictures")
struct RunPictureTests {
    @Test func aPNGOfEveryChangeAtTheScreenSizeAndDepthAsked() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let png = directory + "/screen.png"
            let output = try T9DialProcess.run([
                "run", "--replay", RunCommandTests.recordings + "matrix-scan-codes.evemu", "--contacts", T9DialProcess.sampleContacts,
                "--output", "png:" + png, "--screen", "128x64x1",
            ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.isEmpty, "only a picture was asked for")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: png)))
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // IHDR: width, height, then bit depth 1 and colour type 0 (grey): a one-bit OLED's picture.
            #expect(Array(bytes[16..<24]) == [0, 0, 0, 128, 0, 0, 0, 64])
            #expect(Array(bytes[24..<26]) == [1, 0])
        }
    }

    @Test func textAndAPictureTogether() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run([
                "run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts,
                "--output", "text", "--output", "png:" + directory + "/screen.png",
            ])
            #expect(output.status == 0)
            #expect(output.lines.contains("dial: Telemaco Palombi  +39 312 481 9661"))
            #expect(FileManager.default.fileExists(atPath: directory + "/screen.png"))
        }
    }

    /// An option that would do nothing with the others given is refused, not ignored.
    @Test(arguments: [
        (["--no-grab"], "--no-grab is for reading a keypad, not --replay"),
        (["--device", "/dev/input/event0"], "give --device or --replay, not both"),
    ])
    func optionsThatDoNothingWithAReplayAreRefused(arguments: [String], message: String) throws {
        let output = try T9DialProcess.run(["run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts] + arguments)
        #expect(output.status != 0)
        #expect(output.stdout == "")
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }

    @Test func realtimeWithoutAReplayIsRefused() throws {
        let output = try T9DialProcess.run(["run", "--realtime", "--contacts", T9DialProcess.sampleContacts])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--realtime is for --replay"), "stderr: \(output.stderr)")
    }

    @Test(arguments: [
        (["--output", "vga"], "expected text, json, fb, fb:/dev/fbN, drm:/dev/dri/cardN or png:FILE"),
        (["--output", "png:x.png", "--screen", "320x240"], "WIDTHxHEIGHTxDEPTH"),
        (["--output", "fb:/dev/fb9"], "/dev/fb9"),
        (["--output", "drm:/dev/dri/card9"], "no DRM card at /dev/dri/card9"),
        // It once replaced the device node with a PNG, when run as root.
        (["--output", "png:/dev/null"], "cannot write /dev/null: it is a character device, and only a regular file is written or replaced"),
        (["--output", "png:/nonexistent-folder/x.png"], "the folder does not exist"),
    ])
    func badOutputsAreRefusedWithTheReason(arguments: [String], message: String) throws {
        let output = try T9DialProcess.run(["run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts] + arguments)
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }

    @Test("[screen] framebuffer is drawn on besides text, and an --output fb replaces it")
    func configuredFramebuffer() throws {
        try T9DialProcess.withTemporaryDirectory { folder in
            let config = try T9DialProcess.write("[screen]\nframebuffer = \"\(folder)/fb0\"\n", to: folder + "/t9dial.toml")
            let recording = "Config/samples/demo-session.evemu"
            let configured = try T9DialProcess.run(
                ["run", "--replay", recording, "--contacts", T9DialProcess.sampleContacts], config: config
            )
            #expect(configured.status == 1)
            #expect(configured.stderr.contains("\(folder)/fb0"))
            let replaced = try T9DialProcess.run(
                ["run", "--replay", recording, "--contacts", T9DialProcess.sampleContacts, "--output", "fb:\(folder)/fb1"], config: config
            )
            #expect(replaced.status == 1)
            #expect(replaced.stderr.contains("\(folder)/fb1") && !replaced.stderr.contains("\(folder)/fb0"))
        }
    }
}
