// SPDX-License-Identifier: Apache-2.0

/// The mixer a call's volume and mute keys change when the line cannot (baresip has no volume
/// command, ModemManager neither volume nor mute): `mixer`, `volume_control` and
/// `capture_control` of `[sound]`.
extension SoundSettings {
    /// The longest control name ALSA has (`SNDRV_CTL_ELEM_ID_NAME_MAXLEN`, with its NUL).
    public static let controlNameLimit = 43

    /// The control device whose mixer is changed: `mixer` as written, else the card of
    /// `alsaDevice` (`plughw:1,0` gives `hw:1`; `default` or a `dmix` gives `default`); nil
    /// for `mixer = "none"`, and when neither is set: a dialer that plays nothing through ALSA
    /// changes no card's mixer unless told which.
    public var mixerCard: String? {
        if let mixer { return mixer == Self.noDevice ? nil : mixer }
        return alsaDevice.map { Self.card(ofDevice: $0) ?? "default" }
    }

    /// The card's control device of a PCM that names its card (`hw:1,0`, `plughw:CARD=PCH,DEV=0`,
    /// `sysdefault:1`); nil for one that does not (`default`, a `dmix` of .asoundrc).
    public static func card(ofDevice device: String) -> String? {
        let plugins = ["hw", "plughw", "sysdefault", "front", "dmix", "dsnoop"]
        let parts = device.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, plugins.contains(String(parts[0])) else { return nil }
        guard let first = parts[1].split(separator: ",").first else { return nil }
        let card = first.hasPrefix("CARD=") ? first.dropFirst("CARD=".count) : first
        return card.isEmpty ? nil : "hw:" + card
    }

    /// Reads `mixer`, `volume_control` and `capture_control`.
    mutating func readMixer(_ table: TableReader) throws(ConfigError) {
        if let name = try table.string("mixer", example: #"mixer = "hw:0""#) {
            guard name.utf8.count <= Self.deviceNameLimit, !Self.hasControlCharacter(name) else {
                throw table.error(
                    at: "mixer",
                    "\(table.subject("mixer")) must be an ALSA control device of at most \(Self.deviceNameLimit) bytes without "
                        + "control characters (\"default\", \"hw:0\", \"hw:CARD=PCH\"; aplay -l lists the cards), or \"none\"")
            }
            mixer = name.isEmpty ? Self.noDevice : name
        }
        volumeControl = try Self.control("volume_control", example: #"volume_control = "Master""#, table: table)
        captureControl = try Self.control("capture_control", example: #"capture_control = "Capture""#, table: table)
    }

    private static func control(_ key: String, example: String, table: TableReader) throws(ConfigError) -> String? {
        guard let name = try table.string(key, example: example) else { return nil }
        guard !name.isEmpty, name.utf8.count <= controlNameLimit, !hasControlCharacter(name) else {
            throw table.error(
                at: key,
                "\(table.subject(key)) must be a mixer control's name of 1 to \(controlNameLimit) bytes without control characters "
                    + "(\(example); amixer -D CARD scontrols lists them), or be left out to choose one by itself")
        }
        return name
    }

    private static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
