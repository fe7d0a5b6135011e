// SPDX-License-Identifier: Apache-2.0

import ContactBook
public import Diagnostics
import Phonebook

extension RunReaders {
    /// The readers of t9dial's runs: the contact book (`ContactSources`), its sync
    /// (`SyncedContacts`) and the screen's font (`ScreenDisplay.loadFont`).
    public static let dialerKit = RunReaders(
        readContacts: { paths throws(ContactBookError) in
            let sources = try ContactSources.load(paths: paths)
            return Read(contactCount: sources.contacts.count, files: sources.files, warnings: sources.warnings)
        },
        syncIsBuiltIn: SyncedContacts.isBuiltIn,
        passwordCredential: SyncedContacts.passwordCredential,
        syncLibraryProblem: { SyncedContacts.libraryProblem },
        fontProblem: { configuration, dataDirectory, systemPath in
            ConfigCheck.fontProblem(configuration, dataDirectory: dataDirectory, systemPath: systemPath)
        }
    )
}
