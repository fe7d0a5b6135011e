// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import DialerConfig
import Testing

/// `t9dial doctor`'s mixer line: the card and controls the volume and mute keys change when
/// the line cannot.
@Suite("t9dial doctor: the mixer")
struct DoctorMixerTests {
    static let noCapture = MixerControls.Found.problem(
        reason: "it has no control with a capture switch (those it has: PCM)", remedy: "set [sound] capture_control")

    @Test(
        "The mixer's line on this machine",
        arguments: [
            (
                "[sound]\nmixer = \"hw:0\"\n", MixerControls(volume: .control("Master"), capture: .control("Capture")), DoctorCheck.Status.ok,
                "hw:0: volume Master, mute Capture"
            ),
            (
                "[sound]\nmixer = \"hw:0\"\n", MixerControls(volume: .control("PCM"), capture: noCapture), .warning,
                "hw:0: it has no control with a capture switch (those it has: PCM); the mute key says \"not on this line\"; fix: set [sound] capture_control"
            ),
            (
                "[sound]\ndevice = \"plughw:3,0\"\n", MixerControls(volume: noCapture, capture: noCapture), .warning,
                "hw:3: it has no control with a capture switch (those it has: PCM); the volume and mute keys say"
            ),
            ("", MixerControls(volume: .control("Master"), capture: .control("Capture")), .ok, "none: the volume and mute keys baresip cannot do"),
        ] as [(String, MixerControls, DoctorCheck.Status, String)]
    )
    func line(text: String, controls: MixerControls, status: DoctorCheck.Status, says: String) throws {
        let configuration = try DialerConfiguration.parse(text: "[dial]\nmethod = \"baresip\"\n" + text, file: "/etc/t9dial/t9dial.toml")
        let readers = RunReaders(fontProblem: RunReaders.dialerKit.fontProblem, mixerControls: { _ in controls })
        let doctor = Doctor(system: CheckedSystem(root: "/", runsAsRoot: false, environment: [:]), readers: readers)
        let check = try #require(doctor.mixerCheck(Doctor.Settings(configuration: configuration)))
        #expect(check.subject == "mixer" && check.status == status)
        #expect(check.description.contains(says), "\(check)")
    }

    @Test("No line for a method that follows no calls; not opened in a system in a folder")
    func elsewhere() throws {
        let readers = RunReaders(
            fontProblem: RunReaders.dialerKit.fontProblem,
            mixerControls: { _ in
                Issue.record("opened"); return MixerControls(volume: .control("x"), capture: .control("y"))
            })
        let printing = try DialerConfiguration.parse(text: "[sound]\nmixer = \"hw:0\"\n", file: "t9dial.toml")
        let here = Doctor(system: CheckedSystem(root: "/", runsAsRoot: false, environment: [:]), readers: readers)
        #expect(here.mixerCheck(Doctor.Settings(configuration: printing)) == nil)
        let calling = try DialerConfiguration.parse(text: "[dial]\nmethod = \"baresip\"\n[sound]\nmixer = \"hw:0\"\n", file: "t9dial.toml")
        let folder = Doctor(system: CheckedSystem(root: "/tmp/t9dial-no-system", runsAsRoot: false, environment: [:]), readers: readers)
        #expect(folder.mixerCheck(Doctor.Settings(configuration: calling))?.description.contains("hw:0, not opened from here") == true)
    }
}
