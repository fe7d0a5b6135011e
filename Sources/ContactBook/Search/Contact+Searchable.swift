// SPDX-License-Identifier: Apache-2.0

public import T9Search
import TerminalText

extension Contact {
    /// What the search core indexes for this contact: the display name first, then nicknames,
    /// the phonetic reading ("given middle family", then "family given middle"), SORT-AS, and the organization; empty and
    /// repeated texts left out. Each number has its label (`PhoneNumber.numberLabel`); the
    /// preferred number is the first as a contact's numbers are listed (`NumberLabel.listOrder`):
    /// the `PREF` one, else the first mobile, home, work... number.
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
        let labels = numbers.map(\.numberLabel)
        return SearchableContact(
            names: names,
            numbers: numbers.map(\.value),
            numberLabels: labels,
            preferredNumber: NumberLabel.listOrder(labels).first ?? 0,
            uid: uid
        )
    }
}
