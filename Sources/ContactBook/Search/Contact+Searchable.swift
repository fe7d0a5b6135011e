// SPDX-License-Identifier: Apache-2.0

public import T9Search
import TerminalText

extension Contact {
    /// What the search core indexes for this contact: the display name first, then nicknames,
    /// the phonetic reading ("given middle family", then "family given middle"), SORT-AS, and the organization; empty and
    /// repeated texts left out. The preferred number is the first mobile one, else the first.
    public var searchable: SearchableContact {
        var names: [NameField] = []
        func add(_ text: String?, _ kind: NameField.Kind) {
            guard let text = text?.trimmingBlanks(), !text.isEmpty else { return }
            if names.contains(where: { $0.text == text }) { return }
            names.append(NameField(text, kind: kind))
        }
        add(displayName, .displayName)
        for nickname in nicknames { add(nickname, .nickname) }
        // The reading in both orders: "Xiuying Zhou" as a Western export writes it, and
        // "Zhou Xiuying" as the name is said, so either can be typed in one run.
        let readings = [phoneticGivenName, phoneticMiddleName, phoneticFamilyName]
            .compactMap { $0?.trimmingBlanks() }
            .filter { !$0.isEmpty }
        add(readings.joined(separator: " "), .phonetic)
        if readings.count > 1 { add(([readings.last!] + readings.dropLast()).joined(separator: " "), .phonetic) }
        add(sortAs, .sortAs)
        add(organization, .organization)
        return SearchableContact(
            names: names,
            numbers: numbers.map(\.value),
            preferredNumber: numbers.firstIndex(where: \.isMobile) ?? 0,
            uid: uid
        )
    }
}
