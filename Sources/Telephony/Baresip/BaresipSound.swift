// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// What `t9dial doctor` finds of the sound devices baresip's config names.
enum BaresipSound {
    /// Where baresip's config may be, in the order looked at: the service's folder of
    /// docs/calling.md (`baresip -f /var/lib/baresip`), a folder named by `-f` in a baresip
    /// unit, and the user's own (~/.baresip).
    static func configFiles(on system: any DialDoctorSystem) -> [String] {
        var folders = ["/var/lib/baresip"]
        for unit in ["/etc/systemd/system/baresip.service", "/usr/lib/systemd/system/baresip.service"] {
            guard let text = system.text(of: unit) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("ExecStart=") {
                let words = line.split(separator: " ")
                if let flag = words.firstIndex(of: "-f"), flag + 1 < words.count { folders.insert(String(words[flag + 1]), at: 0) }
            }
        }
        if let home = system.environment["HOME"], !home.isEmpty { folders.append(home + "/.baresip") }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }.map { $0 + "/config" }
    }

    /// For `[dial] method = "baresip"`: the sound devices baresip's config names
    /// (`audio_player`, `audio_source`, `audio_alert`): that their module is loaded, and for
    /// ALSA that the card or the device the name needs is there. baresip ends a call at once
    /// when its device does not open, as soon as it is answered, so this is checked before any
    /// call.
    static func check(on system: any DialDoctorSystem) -> DialCheck {
        let subject = "sound"
        let files = configFiles(on: system)
        guard let file = files.first(where: { system.exists($0) }) else {
            return DialCheck(
                .warning, subject, "baresip's config is not in \(files.joined(separator: ", ")): its sound devices are not checked",
                fix: "run doctor as the user baresip runs as, or see Sound for baresip in docs/calling.md")
        }
        guard let text = system.text(of: file) else {
            return DialCheck(.warning, subject, "\(file) cannot be read: baresip's sound devices are not checked", fix: "sudo t9dial doctor")
        }
        let config = BaresipConfig(text)
        let sound = AlsaSystem(
            cards: AlsaSystem.cards(system.text(of: "/proc/asound/cards") ?? ""),
            configs: alsaConfigFiles(on: system).compactMap { path in system.text(of: path).map { (path, $0) } })
        var found: [String] = []
        for key in ["audio_player", "audio_source", "audio_alert"] {
            guard let value = config.values[key] else { continue }
            let parts = value.split(separator: ",", maxSplits: 1).map(String.init)
            let module = parts.first ?? ""
            let device = parts.count > 1 ? parts[1] : ""
            guard config.modules.contains(module) else {
                return DialCheck(
                    .problem, subject, "\(file): \(key) \(value), but the config loads no module \(module).so: calls get no sound",
                    fix: "add module \(module).so to \(file), or name a loaded module (see Sound for baresip in docs/calling.md)")
            }
            if module == "alsa", let missing = sound.problem(device: device.isEmpty ? "default" : device) {
                return DialCheck(
                    .problem, subject, "\(file): \(key) \(value): \(missing); baresip ends every call it answers",
                    fix: "aplay -l lists the cards: name one (alsa,plughw:CARD=NAME), or use the null device (Sound for baresip in docs/calling.md)")
            }
            found.append("\(key) \(value)")
        }
        guard !found.isEmpty else { return DialCheck(.ok, subject, "\(file) names no sound device: baresip uses its first sound module") }
        return DialCheck(.ok, subject, "\(file): " + found.joined(separator: ", "))
    }

    /// The ALSA config files that can define a device: the system's, its drop-in folders
    /// (where a package such as pipewire-alsa defines `default`), and the user's.
    static func alsaConfigFiles(on system: any DialDoctorSystem) -> [String] {
        let dropIns = ["/etc/alsa/conf.d", "/usr/share/alsa/alsa.conf.d"].flatMap { folder in
            system.names(in: folder).filter { $0.hasSuffix(".conf") }.sorted().map { folder + "/" + $0 }
        }
        return ["/etc/asound.conf"] + dropIns + [system.environment["HOME"].map { $0 + "/.asoundrc" }].compactMap { $0 }
    }
}

/// What t9dial reads of a baresip config: `key value` lines (`#` starts a comment), and the
/// modules it loads (`module`, `module_tmp`, `module_app`, by name without `.so`).
struct BaresipConfig {
    var values: [String: String] = [:]
    var modules: Set<String> = []

    init(_ text: String) {
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let key = words.first.map(String.init), words.count > 1 else { continue }
            let value = words.dropFirst().joined(separator: " ")
            if key.hasPrefix("module") {
                modules.insert(value.hasSuffix(".so") ? String(value.dropLast(3)) : value)
            } else {
                values[key] = value
            }
        }
    }
}

/// ALSA as a device name needs it, read without opening a device: the cards the kernel has
/// (/proc/asound/cards) and the PCMs the ALSA config files define.
struct AlsaSystem {
    /// The cards by index and id ("0", "PCH").
    var cards: [(index: String, id: String)]
    /// ALSA config files that exist, by path, with their text.
    var configs: [(String, String)]

    /// The PCMs alsa-lib itself defines, which need a card (`default` needs one unless a
    /// config file defines it) or, for `null`, nothing.
    static let builtIn: Set<String> = ["default", "sysdefault", "hw", "plughw", "plug", "dmix", "dsnoop", "front", "null", "iec958", "spdif"]

    /// The cards of /proc/asound/cards: ` 0 [PCH            ]: HDA-Intel - HDA Intel PCH`.
    static func cards(_ table: String) -> [(index: String, id: String)] {
        table.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard let index = trimmed.split(separator: " ").first, index.allSatisfy(\.isNumber), let open = trimmed.firstIndex(of: "["),
                let close = trimmed.firstIndex(of: "]"), open < close
            else { return nil }
            return (String(index), String(trimmed[trimmed.index(after: open)..<close]).trimmingBlanks())
        }
    }

    /// Why ALSA cannot open `device`, or nil when it can as far as can be told.
    func problem(device: String) -> String? {
        let name = String(device.prefix { $0 != ":" })
        let arguments = device.contains(":") ? String(device.drop { $0 != ":" }.dropFirst()) : ""
        if name == "null" { return nil }
        if configs.contains(where: { defines(name, $0.1) }) { return nil }
        guard Self.builtIn.contains(name) else {
            let looked = (["alsa-lib's own"] + configs.map(\.0)).joined(separator: ", ")
            return "ALSA has no device \(name) (looked in \(looked))"
        }
        guard !cards.isEmpty else { return "there is no sound card (/proc/asound/cards lists none)" }
        // CARD=NAME, or the first argument: an index or an id.
        let fields = arguments.split(separator: ",")
        let card = fields.first { $0.hasPrefix("CARD=") }.map { String($0.dropFirst(5)) } ?? fields.first.map(String.init)
        guard let card, !card.isEmpty else { return nil }
        guard cards.contains(where: { $0.index == card || $0.id == card }) else {
            return "there is no sound card \(card) (/proc/asound/cards lists \(cards.map { "\($0.index) \($0.id)" }.joined(separator: ", ")))"
        }
        return nil
    }

    /// Whether an ALSA config's text defines the PCM `name` (`pcm.NAME`, `pcm.!NAME`).
    private func defines(_ name: String, _ text: String) -> Bool {
        text.contains("pcm.\(name) ") || text.contains("pcm.!\(name) ") || text.contains("pcm.\(name){") || text.contains("pcm.!\(name){")
            || text.contains("pcm.\"\(name)\"")
    }
}
