// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialerConfig
import Phonebook

/// The checks of the settings the service reads: the config file and the contacts it names.
extension Doctor {
    /// Where the service looks for contacts when the home folders are hidden from it.
    static let serviceContacts = "/etc/t9dial/contacts.vcf"
    /// The folders the service's ProtectHome=yes hides.
    static let hiddenFolders = ["/home/", "/root/", "/run/user/"]
    /// The folders the service's PrivateTmp=yes replaces with its own empty ones.
    static let privateFolders = ["/tmp/", "/var/tmp/"]

    /// The keys of the findings doctor's own lines report (contacts, keypad, framebuffer,
    /// dial), left out of its config line.
    static let keysCheckedElsewhere = [
        "contacts", "keypad.device", "screen.framebuffer", "dial.", "carddav.", "sound.mixer", "sound.volume_control", "sound.capture_control",
    ]

    /// 6. The config file loads, with its layouts, keymap and font: the checks of `t9dial
    /// config check` (`ConfigCheck`) but those of the lines below.
    func configCheck(_ settings: Settings) -> DoctorCheck {
        let subject = "config"
        let fix = "correct it; \(programFiles.configReference)"
        if let problem = settings.problem, settings.configuration == nil {
            return DoctorCheck(.problem, subject, problem.description, fix: fix)
        }
        // Sound outputs are opened on this machine only, not in a system in a folder.
        var readers = self.readers
        if !(system.root == "/" || system.root.isEmpty) {
            readers.soundProblem = nil
            readers.mixerControls = nil
        }
        var check = ConfigCheck(
            file: settings.file, readers: readers, dataDirectory: dataDirectory, environment: system.environment, systemPath: { [system] in system.path($0) }
        )
        check.readsContacts = false
        let report = check.run()
        let findings = report.findings.filter { finding in
            guard let key = finding.error.key else { return true }
            return !Self.keysCheckedElsewhere.contains { key == $0 || ($0.hasSuffix(".") && key.hasPrefix($0)) }
        }
        let more = findings.count > 1 ? " (and \(Self.count(findings.count - 1, "more finding")): t9dial config check lists them all)" : ""
        if let problem = findings.first(where: { $0.severity == .problem }) {
            return DoctorCheck(.problem, subject, problem.description + more, fix: fix)
        }
        if let problem = settings.problem {
            return DoctorCheck(.problem, subject, problem.description, fix: fix)
        }
        if let warning = findings.first {
            return DoctorCheck(.warning, subject, warning.description + more, fix: fix)
        }
        let system = DialerConfiguration.systemFile
        guard let file = settings.file else {
            return DoctorCheck(.ok, subject, "no config file, so t9dial's defaults (the service reads \(system))")
        }
        return DoctorCheck(.ok, subject, file + (file == system ? "" : " (the service reads \(system), not this one)"))
    }

    /// 7. The configured contact files load, and the service can see them.
    func contactsCheck(_ settings: Settings) -> DoctorCheck {
        let subject = "contacts"
        guard let configuration = settings.configuration else { return Self.notChecked(subject) }
        let configFile = settings.file ?? DialerConfiguration.systemFile
        let paths = configuration.contacts
        if configuration.carddav.url != nil, !SyncedContacts.isBuiltIn {
            return DoctorCheck(
                .problem, subject, "[carddav] is set, but this t9dial is built without CardDAV and syncs nothing",
                fix: "install a t9dial built with the CardDAV trait (the default), or remove [carddav] from \(configFile)")
        }
        if configuration.carddav.url != nil, let problem = (system.syncLibraryProblem ?? { SyncedContacts.libraryProblem })() {
            return DoctorCheck(
                .problem, subject, "[carddav] is set, but " + problem,
                fix: "sudo apt install libcurl4, or remove [carddav] from \(configFile)")
        }
        let synced = configuration.carddav.url.map { "; and the [carddav] address book \($0), which the service syncs" } ?? ""
        if let credential = carddavPasswordCheck(configuration, subject: subject) { return credential }
        guard !paths.isEmpty else {
            guard synced.isEmpty else { return DoctorCheck(.ok, subject, "no files" + synced) }
            return DoctorCheck(
                .problem, subject, "none configured, so the service has nothing to search",
                fix: "set contacts = [\"\(Self.serviceContacts)\"] in \(configFile)"
            )
        }
        let sources: ContactSources
        do {
            sources = try ContactSources.load(paths: paths.map(system.path))
        } catch {
            return DoctorCheck(.problem, subject, error.description)
        }
        var found =
            "\(Self.count(sources.contacts.count, "contact")) in \(Self.count(sources.files.count, "file"))"
            + " (\(paths.joined(separator: ", ")))" + synced
        if let hidden = paths.first(where: { path in Self.hiddenFolders.contains { path.hasPrefix($0) } }) {
            return DoctorCheck(
                .warning, subject, found + "; \(hidden) is in a home folder, which the service cannot see (ProtectHome=yes)",
                fix: "sudo install -m 644 \(hidden) \(Self.serviceContacts), and name that in \(configFile)"
            )
        }
        if let temporary = paths.first(where: { path in Self.privateFolders.contains { path.hasPrefix($0) } }) {
            return DoctorCheck(
                .warning, subject, found + "; \(temporary) is in a temporary folder, which the service sees empty (PrivateTmp=yes)",
                fix: "sudo install -m 644 \(temporary) \(Self.serviceContacts), and name that in \(configFile)"
            )
        }
        // The service's user is a dynamic one, in no group but t9dial and video: only what
        // others may read is readable to it.
        if let closed = paths.first(where: { path in system.node(path).map { $0.permissions & 0o004 == 0 } ?? false }) {
            return DoctorCheck(
                .problem, subject, found + "; \(closed) is not readable by others, so the service's own user cannot read it",
                fix: "sudo chmod o+r \(closed)" + (system.node(closed)?.isDirectory == true ? " (and o+rx for a folder)" : "")
            )
        }
        guard let warning = sources.warnings.first else { return DoctorCheck(.ok, subject, found) }
        found += ", \(Self.count(sources.warnings.count, "warning")), the first: \(warning)"
        return DoctorCheck(.warning, subject, found, fix: "t9dial contacts lists them all")
    }

    /// The `[carddav]` password file as the service sees it: one others cannot read (as a
    /// password file should be) reaches the service only as a credential of a drop-in.
    func carddavPasswordCheck(_ configuration: DialerConfiguration, subject: String) -> DoctorCheck? {
        guard configuration.carddav.url != nil, let file = configuration.carddav.passwordFile,
            let node = system.node(file), node.permissions & 0o004 == 0
        else { return nil }
        let dropIns = system.names(in: Self.dropInFolder).filter { $0.hasSuffix(".conf") }.map { Self.dropInFolder + "/" + $0 }
        if dropIns.contains(where: { (system.text(of: $0) ?? "").contains("LoadCredential=\(SyncedContacts.passwordCredential):") }) {
            return nil
        }
        return DoctorCheck(
            .warning, subject,
            "the [carddav] password file \(file) is readable by its owner alone, and no drop-in of \(Self.unitName) gives it to the service",
            fix: "sudo systemctl edit \(Self.unitName), and add [Service] and LoadCredential=\(SyncedContacts.passwordCredential):\(file)"
        )
    }
}
