public import T9Search

extension Contact {
    /// What the search core indexes for this contact: the display name first, then nicknames,
    /// the phonetic reading ("given middle family"), SORT-AS, and the organization; empty and
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
        let phonetic = [phoneticGivenName, phoneticMiddleName, phoneticFamilyName]
            .compactMap { $0?.trimmingBlanks() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        add(phonetic, .phonetic)
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
