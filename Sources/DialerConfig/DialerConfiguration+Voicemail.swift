// SPDX-License-Identifier: Apache-2.0

/// `[dial] voicemail`: the number a long press of 1 calls. One key for every method, read
/// here rather than by each method's settings: it is a number to dial, the same whichever
/// method dials it, and the methods take it as they take any number.
extension DialerConfiguration {
    /// The longest voicemail number: as long as a number the book keeps.
    public static let maximumVoicemailLength = 64

    static func readVoicemail(_ root: TableReader) throws(ConfigError) -> String? {
        guard let dial = try root.table(DialTable.name) else { return nil }
        let example = #"voicemail = "+44 7700 900999""#
        guard let number = try dial.string("voicemail", example: example) else { return nil }
        guard number.contains(where: \.isNumber), number.count <= maximumVoicemailLength else {
            throw dial.error(
                at: "voicemail",
                "\(dial.subject("voicemail")) must be a number of 1 to \(maximumVoicemailLength) characters with a digit, like \(example)")
        }
        return number
    }
}
