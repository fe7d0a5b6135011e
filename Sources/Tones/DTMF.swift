// SPDX-License-Identifier: Apache-2.0

/// The tone pairs of ITU-T Q.23 (DTMF): each key is one row frequency and one column
/// frequency played together.
public enum DTMF {
    /// The row frequencies, in hertz: keys 1 2 3 A, 4 5 6 B, 7 8 9 C, * 0 # D.
    public static let rows: [Double] = [697, 770, 852, 941]
    /// The column frequencies, in hertz: keys 1 4 7 *, 2 5 8 0, 3 6 9 #, A B C D.
    public static let columns: [Double] = [1209, 1336, 1477, 1633]

    private static let keys: [[Character]] = [
        ["1", "2", "3", "A"],
        ["4", "5", "6", "B"],
        ["7", "8", "9", "C"],
        ["*", "0", "#", "D"],
    ]

    /// The row and column frequencies of a key (`0`–`9`, `*`, `#`, `A`–`D`, lower case too);
    /// nil for any other character.
    public static func pair(_ key: Character) -> (row: Double, column: Double)? {
        let upper = Character(key.uppercased())
        for (row, keysOfRow) in keys.enumerated() {
            if let column = keysOfRow.firstIndex(of: upper) { return (rows[row], columns[column]) }
        }
        return nil
    }
}
