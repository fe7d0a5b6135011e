// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("Dialable numbers")
struct DialableNumberTests {
    /// The import skips the full reading for plainly dialable numbers: that shortcut must never
    /// let through a number the reading refuses as not dialable.
    @Test(arguments: [
        "+44 (121) 496-0000", "0121.496/0000", "*#06#", "++44 121", "+44 +121", "44+121", "555;0003",
        "+1 555 $(x) 0001", "1-800-FLOWERS", "", "   ", "+", "٠١٢٣", "555\u{2013}0100", "tel:+33 1",
    ])
    func thePlainCheckNeverPassesWhatTheReadingRefuses(written: String) {
        guard DialableNumber.isPlainlyDialable(written) else { return }
        do {
            _ = try DialableNumber(written)
        } catch {
            #expect(error == .nothingToDial || { if case .tooLong = error { true } else { false } }(), "\(written): \(error)")
        }
    }

    @Test(arguments: [("+44 121", true), ("++44", false), ("44+1", false), ("555 x12", false), ("5;5", false)])
    func plainNumbers(written: String, plain: Bool) {
        #expect(DialableNumber.isPlainlyDialable(written) == plain)
    }
}
