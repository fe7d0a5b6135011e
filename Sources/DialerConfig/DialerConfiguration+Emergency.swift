// SPDX-License-Identifier: Apache-2.0

/// `[dial] emergency_numbers`: the region's emergency numbers, dialled as typed with 112, 911
/// and 999 (which need no setting). One key for every method, as `voicemail` is.
extension DialerConfiguration {
    /// How many numbers the list may have, and how long each: short numbers, a region's few.
    public static let maximumEmergencyNumbers = 16
    public static let maximumEmergencyNumberLength = 16

    static func readEmergencyNumbers(_ root: TableReader) throws(ConfigError) -> [String] {
        guard let dial = try root.table(DialTable.name) else { return [] }
        let example = #"emergency_numbers = ["000", "110"]"#
        guard let numbers = try dial.strings("emergency_numbers", example: example) else { return [] }
        let allowed = Set("0123456789+*# -")
        guard numbers.count <= maximumEmergencyNumbers else {
            throw dial.error(
                at: "emergency_numbers", "\(dial.subject("emergency_numbers")) may list \(maximumEmergencyNumbers) numbers at most; it has \(numbers.count)")
        }
        for number in numbers
        where !number.contains(where: \.isNumber) || !number.allSatisfy(allowed.contains) || number.count > maximumEmergencyNumberLength {
            throw dial.error(
                at: "emergency_numbers",
                "\(dial.subject("emergency_numbers")) must list numbers of digits (1 to \(maximumEmergencyNumberLength) characters), "
                    + "like \(example); found \(DialTable.quoted(number))")
        }
        return numbers
    }
}
