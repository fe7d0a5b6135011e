// SPDX-License-Identifier: Apache-2.0

public import T9Search

extension PhoneNumber {
    /// What the screen calls this number, from its types: `cell` is mobile, `home` and `fax`
    /// together a home fax; `pref` makes it the preferred number. A type the screen has no word
    /// for (`TYPE=x-boat`, a Google label "Grandma", `isdn`) is a custom label, as the source
    /// wrote it when it gave one as text (`label`). `voice` says nothing: every number dialled
    /// is a voice call.
    public var numberLabel: NumberLabel {
        let types = Set(types)
        let isPreferred = types.contains("pref")
        func kind() -> NumberLabel.Kind? {
            let isWork = types.contains("work")
            if types.contains("fax") { return types.contains("home") ? .homeFax : isWork ? .workFax : .fax }
            if types.contains("pager") { return .pager }
            if types.contains("iphone") { return .iPhone }
            if !types.isDisjoint(with: Self.mobileTypes) { return isWork ? .workMobile : .mobile }
            for (type, kind) in Self.kinds where types.contains(type) { return kind }
            return nil
        }
        if let kind = kind() { return NumberLabel(kind, isPreferred: isPreferred) }
        // The first type with no word of its own, in the order the source wrote them.
        guard let other = self.types.first(where: { !Self.silentTypes.contains($0) }) else {
            return NumberLabel(isPreferred: isPreferred)
        }
        return NumberLabel(custom: label ?? other, isPreferred: isPreferred)
    }

    /// The types a mobile number has: vCard's `cell` and `pcs` (3.0), and what labels become.
    private static let mobileTypes: Set<String> = ["cell", "mobile", "pcs"]
    /// Types with a word of their own, in the order they win when a number has several.
    private static let kinds: [(String, NumberLabel.Kind)] = [
        ("main", .main), ("home", .home), ("work", .work), ("car", .car), ("assistant", .assistant), ("other", .other),
    ]
    /// Types that say nothing a caller needs: every number is called by voice, and `pref`
    /// is `NumberLabel.isPreferred`. vCard 2.1's `internet` belongs to e-mail, but exporters
    /// write it on numbers too.
    private static let silentTypes: Set<String> = ["voice", "pref", "internet", "x-internet"]
}
