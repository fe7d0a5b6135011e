// SPDX-License-Identifier: Apache-2.0

/// ITU-T E.164 country calling codes.
///
/// The codes are prefix-free: 1 and 7 are the only one-digit codes, the two-digit codes are the
/// list below, and every other code is three digits. So the length of the code at the start of
/// an international number follows from its first two digits, with no full table.
public enum CallingCode {
    private static let twoDigitCodes: Set<Int> = [
        20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49,
        51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62, 63, 64, 65, 66,
        81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
    ]

    /// How many of `digits` (an international number without its `+`) are the country code,
    /// or nil when there are too few digits to tell.
    public static func length(in digits: some Collection<UInt8>) -> Int? {
        guard let first = digits.first else { return nil }
        if first == 1 || first == 7 { return 1 }
        guard digits.count >= 2 else { return nil }
        let second = digits[digits.index(after: digits.startIndex)]
        return twoDigitCodes.contains(Int(first) * 10 + Int(second)) ? 2 : 3
    }
}
