// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial ring`, and `--sound` on run and try: the whole program, with alsa-lib playing into
/// ALSA's file plugin.
@Suite("t9dial ring and --sound")
struct RingCommandTests {
    @Test func nothingConfiguredSaysHowToConfigureARinger() throws {
        let output = try T9DialProcess.run(["ring"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("nothing to ring"), "stderr: \(output.stderr)")
        #expect(output.stderr.contains("[sound]") && output.stderr.contains("--sound DEVICE"))
    }

    @Test func theRingPlaysOnTheALSADeviceAndSaysWhatRang() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (alsa, wav) = try T9DialProcess.recordingALSA(in: directory, pcm: "!default")
            let config = directory + "/t9dial.toml"
            try "[sound]\ndevice = \"default\"\nring = [200, 100]\n".write(toFile: config, atomically: true, encoding: .utf8)
            let output = try T9DialProcess.run(["ring"], config: config, environment: alsa)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout == "rang: ALSA device default\n")
            // Something was played: a WAV with samples that are not all silence.
            let samples = try Data(contentsOf: URL(fileURLWithPath: wav)).dropFirst(44)
            #expect(samples.count > 1000)
            #expect(samples.contains { $0 != 0 })
        }
    }

    @Test func soundOptionOverridesTheConfigsDevice() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = directory + "/t9dial.toml"
            try "[sound]\ndevice = \"default\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let output = try T9DialProcess.run(["ring", "--sound", "none"], config: config)
            #expect(output.status != 0)
            #expect(output.stderr.contains("nothing to ring"), "stderr: \(output.stderr)")
        }
    }

    @Test func aRingerThatCannotRingIsNamedWithItsFix() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = directory + "/t9dial.toml"
            try "[sound]\nleds = [\"t9dial-test-no-such-led\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
            let output = try T9DialProcess.run(["ring"], config: config)
            #expect(output.status != 0)
            #expect(output.stderr.contains("did not play everywhere"), "stderr: \(output.stderr)")
            #expect(output.stderr.contains("t9dial-test-no-such-led"))
        }
    }

    @Test(
        "--sound is checked before anything runs",
        arguments: [
            (["ring", "--sound", ""], "--sound needs an ALSA device name"),
            (["try", "--sound", "hw:\u{7}"], "without control characters"),
            (["run", "--replay", "x.evemu", "--sound", "default"], "--sound is for reading a keypad, not --replay"),
        ]
    )
    func badSoundArgument(arguments: [String], message: String) throws {
        let output = try T9DialProcess.run(arguments)
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }
}
