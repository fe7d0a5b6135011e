// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// An ALSA card's mixer, open with its simple controls (`amixer scontrols` lists the same):
/// the playback volume and the capture switch that a call's volume and mute keys change when
/// the line cannot. Owns the `snd_mixer_t` and closes it when it goes.
///
/// Each call is a quick ioctl on the card's control device, never a wait on the sound.
public struct AlsaMixer: ~Copyable {
    /// The control device opened: `default`, `hw:0`, `hw:CARD=PCH`.
    public let card: String
    private let handle: OpaquePointer

    /// The playback volume controls taken when none is configured, in this order; failing
    /// them, the first control with a playback volume.
    public static let volumeNames = ["Master", "Speaker", "PCM", "Headphone"]
    /// The capture switches taken when none is configured, in this order; failing them, the
    /// first control with a capture switch.
    public static let captureNames = ["Capture", "Mic", "Internal Mic", "Headset Mic"]

    /// Opens the mixer of `card`.
    public init(card: String) throws(SoundProblem) {
        Alsa.quietErrors()
        switch Alsa.openMixer(card) {
        case .success(let handle):
            self.card = card
            self.handle = handle
        case .failure(let error):
            throw Self.problem(card, opening: error)
        }
    }

    deinit { Alsa.closeMixer(handle) }

    /// The names of the controls in use now, in the card's order.
    public var controlNames: [String] {
        Alsa.elements(handle).filter(Alsa.isActive).map(Alsa.name)
    }

    /// The playback volume control `name`, or when nil the first of `volumeNames` there, else
    /// the first with a playback volume: its name.
    public func volumeControl(_ name: String?) throws(SoundProblem) -> String {
        try Alsa.name(find(name, kind: .volume))
    }

    /// The capture switch `name`, or when nil the first of `captureNames` there, else the first
    /// with a capture switch: its name.
    public func captureControl(_ name: String?) throws(SoundProblem) -> String {
        try Alsa.name(find(name, kind: .capture))
    }

    /// Where the playback volume of `control` stands.
    public func volume(_ control: String) throws(SoundProblem) -> MixerLevel {
        let element = try find(control, kind: .volume)
        switch Alsa.playbackRange(element).flatMap({ range in Alsa.playbackVolume(element).map { MixerLevel(range: range, value: $0) } }) {
        case .success(let level): return level
        case .failure(let error): throw failure(reading: control, error)
        }
    }

    /// Sets the playback volume of `control` (every channel) to `value`, in its own steps.
    public func setVolume(_ control: String, to value: Int) throws(SoundProblem) {
        let element = try find(control, kind: .volume)
        if case .failure(let error) = Alsa.setPlaybackVolume(element, value) { throw failure(setting: control, error) }
    }

    /// Whether the capture switch of `control` is on (on any channel).
    public func isCapturing(_ control: String) throws(SoundProblem) -> Bool {
        switch Alsa.captureSwitch(try find(control, kind: .capture)) {
        case .success(let on): return on
        case .failure(let error): throw failure(reading: control, error)
        }
    }

    /// Switches the capture of `control` on or off (every channel).
    public func setCapturing(_ control: String, _ on: Bool) throws(SoundProblem) {
        let element = try find(control, kind: .capture)
        if case .failure(let error) = Alsa.setCaptureSwitch(element, on: on) { throw failure(setting: control, error) }
    }

    // MARK: Finding a control

    private enum Kind {
        case volume, capture

        var what: String { self == .volume ? "a playback volume" : "a capture switch" }
        var key: String { self == .volume ? "volume_control" : "capture_control" }
        var preferred: [String] { self == .volume ? AlsaMixer.volumeNames : AlsaMixer.captureNames }

        func fits(_ element: Alsa.MixerElement) -> Bool {
            Alsa.isActive(element) && (self == .volume ? Alsa.hasPlaybackVolume(element) : Alsa.hasCaptureSwitch(element))
        }
    }

    private func find(_ name: String?, kind: Kind) throws(SoundProblem) -> Alsa.MixerElement {
        let fitting = Alsa.elements(handle).filter(kind.fits)
        let names = fitting.map(Alsa.name)
        let index: Int?
        if let name {
            index = names.firstIndex(of: name)
        } else {
            index = kind.preferred.lazy.compactMap { names.firstIndex(of: $0) }.first ?? (fitting.isEmpty ? nil : 0)
        }
        if let index { return fitting[index] }
        let list = "amixer -D \(card) scontrols lists them"
        let others = names.isEmpty ? "it has none" : "those it has: " + names.joined(separator: ", ")
        if let name {
            throw SoundProblem(
                .mixer(card), reason: "it has no control \"\(name)\" with \(kind.what) (\(others))",
                remedy: "set [sound] \(kind.key) to one of its controls (\(list)), or leave it out to choose by itself")
        }
        throw SoundProblem(
            .mixer(card), reason: "it has no control with \(kind.what) (\(others))",
            remedy: "set [sound] mixer to the card of the call's sound (aplay -l lists the cards: \"hw:1\"), or \(kind.key) (\(list))")
    }

    private func failure(reading control: String, _ error: Errno) -> SoundProblem {
        SoundProblem(
            .mixer(card), reason: "its control \(control) cannot be read (\(error))", remedy: "check it with amixer -D \(card) sget \(control)", errno: error)
    }

    private func failure(setting control: String, _ error: Errno) -> SoundProblem {
        SoundProblem(
            .mixer(card), reason: "its control \(control) cannot be set (\(error))", remedy: "check it with amixer -D \(card) sset \(control)", errno: error)
    }

    /// What went wrong opening a card's mixer, and what to do.
    static func problem(_ card: String, opening error: Errno) -> SoundProblem {
        let listing = "list the cards with `aplay -l` and set [sound] mixer (\"hw:0\", \"hw:CARD=NAME\"), or mixer = \"none\""
        return switch error.rawValue {
        // alsa-lib says EINVAL for a card number that no card has (hw:9).
        case ENOENT, ENODEV, ENXIO, EINVAL:
            SoundProblem(.mixer(card), reason: "no such card", remedy: listing, errno: error)
        case EACCES, EPERM:
            SoundProblem(
                .mixer(card), reason: "permission denied",
                remedy: "add the user to the audio group (the service unit has SupplementaryGroups=audio)", errno: error)
        default:
            SoundProblem(.mixer(card), reason: "it cannot be opened (\(error))", remedy: listing, errno: error)
        }
    }
}
