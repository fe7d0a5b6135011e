// SPDX-License-Identifier: Apache-2.0

import ContactBook
import FuzzSupport

/// What every import must give, whatever the bytes: contacts and warnings placed within the
/// file, and names free of NUL and other control characters (Tests/FuzzTests' ContactFuzzChecks).
public func checkContactImport(_ book: ContactImport, input: [UInt8], file: String) {
    let lines = input.lineCount
    fuzzExpect(book.contacts.count <= lines, "\(book.contacts.count) contacts from \(lines) lines")
    for warning in book.warnings {
        fuzzExpect(warning.location.file == file, "warning names \(warning.location.file)")
        fuzzExpect((1...lines).contains(warning.location.line), "warning at line \(warning.location.line) of \(lines): \(warning)")
    }
    for contact in book.contacts {
        fuzzExpect((1...lines).contains(contact.source.line), "contact at line \(contact.source.line) of \(lines)")
        let names = [contact.displayName] + contact.nicknames + [contact.name?.given, contact.name?.family, contact.organization].compactMap { $0 }
        fuzzExpect(
            !names.contains { $0.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) },
            "a name holds NUL or a control character: \(names.debugDescription.prefix(200))"
        )
        // What the search takes from a contact must be built from any of them.
        _ = contact.searchable
    }
}
