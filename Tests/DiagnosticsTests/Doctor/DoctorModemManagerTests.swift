// SPDX-License-Identifier: Apache-2.0

import Diagnostics
import Testing

/// `[dial] method = "modemmanager"` on a system in a folder: polkit's rule is looked for where
/// polkitd reads rules; ModemManager itself is asked only on the board (ModemManagerLiveTests
/// test what it says there).
@Suite("t9dial doctor, method modemmanager")
struct DoctorModemManagerTests {
    static let config = "contacts = [\"/etc/t9dial/contacts.vcf\"]\n[dial]\nmethod = \"modemmanager\"\n"

    @Test(arguments: [
        (nil, true, DoctorCheck.Status.problem, "polkit's rule 50-t9dial-modemmanager.rules is not installed"),
        ("/usr/share/polkit-1/rules.d", true, .ok, "polkit's rule /usr/share/polkit-1/rules.d/50-t9dial-modemmanager.rules lets the service use it"),
        ("/etc/polkit-1/rules.d", false, .ok, "polkit's rule /etc/polkit-1/rules.d/50-t9dial-modemmanager.rules lets the service use it"),
        (nil, false, .ok, "whether polkit's rule 50-t9dial-modemmanager.rules is installed only root can see"),
    ])
    func polkitRule(folder: String?, asRoot: Bool, status: DoctorCheck.Status, phrase: String) throws {
        let fake = try FakeSystem()
        try fake.installEverything(config: Self.config)
        if let folder { try fake.write("polkit.addRule(function(action, subject) {});\n", at: folder + "/50-t9dial-modemmanager.rules") }
        var doctor = fake.doctor
        doctor.system.runsAsRoot = asRoot
        let dial = try #require(doctor.examine().checks.first { $0.subject == "dial" })
        #expect(dial.status == status, "\(dial)")
        #expect(dial.description.contains(phrase), "\(dial)")
    }
}
