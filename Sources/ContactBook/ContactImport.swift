// SPDX-License-Identifier: Apache-2.0

/// The result of reading one contacts file: every contact that could be read, in file order,
/// and a warning for each card, row or property that was skipped or repaired.
public struct ContactImport: Sendable, Hashable {
    public var contacts: [Contact]
    public var warnings: [ImportWarning]

    public init(contacts: [Contact] = [], warnings: [ImportWarning] = []) {
        self.contacts = contacts
        self.warnings = warnings
    }
}
