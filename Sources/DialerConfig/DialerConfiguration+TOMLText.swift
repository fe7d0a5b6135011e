// SPDX-License-Identifier: Apache-2.0

import TOML

/// The configuration written back as TOML, every key with its value, for `t9dial config show`:
/// what t9dial uses, with the defaults filled in, and after each value where it came from.
extension DialerConfiguration {
    /// The settings as a config file: every table and key, each line ending in `# FILE:LINE`
    /// when the config file sets it, or `# default`. Read back (`parse`), it gives these
    /// settings again. A relative path (from a config named by a relative path) is written
    /// from `currentDirectory`, so the text means the same wherever it is saved. "None" (no
    /// region, font, device...) is written as `""`, which is how a config says it.
    public func tomlText(currentDirectory: String) -> String {
        func absolute(_ path: String) -> String {
            guard !path.hasPrefix("/"), !path.hasPrefix("~") else { return path }
            return currentDirectory.hasSuffix("/") ? currentDirectory + path : currentDirectory + "/" + path
        }
        func path(_ path: String?) -> TOMLSetting { .string(path.map(absolute) ?? "") }
        var lines = [
            "# The settings t9dial uses, from \(file ?? "no config file (the defaults)").",
            "# After each value: the file and line that set it, or \"default\".",
        ]
        func table(_ name: String) { lines += ["", "[\(name)]"] }
        func key(_ table: String?, _ key: String, _ value: TOMLSetting) {
            let dotted = table.map { "\($0).\(key)" } ?? key
            let origin = line(of: dotted).map { "\(file ?? ""):\($0)" } ?? "default"
            lines.append("\(key) = \(value.text)  # \(origin)")
        }
        key(nil, "contacts", .strings(contacts.map(absolute)))

        let search = SearchSettings.tableName
        table(search)
        key(search, "match", .string(self.search.match.rawValue))
        key(search, "region", .string(self.search.region ?? ""))
        key(search, "limit", .integer(self.search.limit))
        key(search, "layouts", .strings(self.search.layouts))
        key(search, "data_dir", path(self.search.dataDirectory))

        let keypad = KeypadSettings.tableName
        table(keypad)
        key(keypad, "keymap", .string(self.keypad.keymap))
        key(keypad, "device", path(self.keypad.device))
        key(keypad, "grab", .boolean(self.keypad.grab))
        key(keypad, "mode", .string(self.keypad.mode.rawValue))
        key(keypad, "debounce_ms", .integer(self.keypad.debounceMilliseconds))
        key(keypad, "long_press_ms", .integer(self.keypad.longPressMilliseconds))
        key(keypad, "clear_hold_ms", .integer(self.keypad.clearHoldMilliseconds))
        key(keypad, "multitap_commit_ms", .integer(self.keypad.multitapCommitMilliseconds))
        key(keypad, "idle_clear_s", .integer(self.keypad.idleClearSeconds))

        let screen = ScreenSettings.tableName
        table(screen)
        // A font by name stays a name: it is looked up in the console fonts' folder.
        key(screen, "font", self.screen.font.map { $0.contains("/") ? path($0) : .string($0) } ?? .string(""))
        key(screen, "rotation", .integer(self.screen.rotation))
        key(screen, "framebuffer", .string(self.screen.framebuffer ?? ""))
        key(screen, "drm", .string(self.screen.drm ?? ""))
        key(screen, "sleep_after", .integer(self.screen.sleepAfterSeconds))
        key(screen, "backlight", .string(self.screen.backlight ?? ""))
        key(screen, "clock", .string(self.screen.clock.rawValue))
        key(screen, "lcd", .string(self.screen.lcd ?? ""))
        key(screen, "lcd_size", .string(self.screen.lcdSize.description))
        key(screen, "lcd_rom", .string(self.screen.lcdROM.rawValue))

        // The method, and only the keys it reads: each method says which (`DialSettings`).
        let dial = DialTable.name
        table(dial)
        for setting in dialSettings?.tomlSettings ?? [] {
            key(dial, setting.key, TOMLSetting(setting.value, path: path))
        }
        if let voicemail { key(dial, "voicemail", .string(voicemail)) }
        if !emergencyNumbers.isEmpty { key(dial, "emergency_numbers", .strings(emergencyNumbers)) }

        let history = HistorySettings.tableName
        table(history)
        key(history, "favourite_category", .string(self.history.favouriteCategory ?? ""))
        key(history, "favourites", .strings(self.history.favourites))
        key(history, "keep_calls", .integer(self.history.keepCalls))

        let carddav = CardDAVSettings.tableName
        table(carddav)
        key(carddav, "url", .string(self.carddav.url ?? ""))
        key(carddav, "user", .string(self.carddav.user ?? ""))
        key(carddav, "password_file", path(self.carddav.passwordFile))
        key(carddav, "interval_min", .integer(self.carddav.intervalMinutes))

        let sound = SoundSettings.tableName
        table(sound)
        key(sound, "device", .string(self.sound.alsaDevice ?? SoundSettings.noDevice))
        key(sound, "ringtone", path(self.sound.ringtone))
        switch self.sound.ringCadence {
        case .us: key(sound, "ring", .string("us"))
        case .uk: key(sound, "ring", .string("uk"))
        case .custom(let lengths): key(sound, "ring", .integers(lengths))
        }
        key(sound, "ring_volume", .integer(Int((self.sound.ringVolume * 100).rounded())))
        key(sound, "tone_volume", .integer(Int((self.sound.toneVolume * 100).rounded())))
        key(sound, "key_tones", .string(self.sound.keyTones.rawValue))
        key(sound, "country", .string(self.sound.country.rawValue))
        key(sound, "beeper", path(self.sound.beeper))
        key(sound, "leds", .strings(self.sound.leds))
        // The mixer's keys left out choose by themselves; a comment says what they chose.
        if let mixer = self.sound.mixer {
            key(sound, "mixer", .string(mixer == SoundSettings.noDevice ? "" : mixer))
        } else {
            lines.append("# mixer: not set, so \(self.sound.mixerCard.map { "\"\($0)\", from device" } ?? "none (no device)")")
        }
        for (name, control) in [("volume_control", self.sound.volumeControl), ("capture_control", self.sound.captureControl)] {
            if let control { key(sound, name, .string(control)) } else { lines.append("# \(name): not set, so found on the card") }
        }

        if !speedDial.targets.isEmpty {
            let speedDialTable = SpeedDialSettings.tableName
            table(speedDialTable)
            for (digit, target) in speedDial.targets.sorted(by: { $0.key < $1.key }) {
                key(speedDialTable, String(digit), .raw(SpeedDialSettings.tomlValue(target)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One value as `tomlText` writes it.
private enum TOMLSetting {
    case string(String)
    case strings([String])
    case integer(Int)
    case integers([Int])
    case boolean(Bool)
    /// Written as it is: an inline table.
    case raw(String)

    /// `value` as written, a path from the current folder (`path`).
    init(_ value: ConfigSetting.Value, path: (String?) -> TOMLSetting) {
        switch value {
        case .string(let text): self = .string(text)
        case .strings(let texts): self = .strings(texts)
        case .integer(let number): self = .integer(number)
        case .boolean(let flag): self = .boolean(flag)
        case .path(let file): self = path(file)
        }
    }

    var text: String {
        switch self {
        case .string(let text): TOMLText.quoted(text)
        case .strings(let texts): "[" + texts.map(TOMLText.quoted).joined(separator: ", ") + "]"
        case .integer(let number): String(number)
        case .integers(let numbers): "[" + numbers.map(String.init).joined(separator: ", ") + "]"
        case .boolean(let flag): flag ? "true" : "false"
        case .raw(let text): text
        }
    }
}
