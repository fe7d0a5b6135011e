// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Testing

@Suite("Fuzzing the CSV parser")
struct CSVFuzzTests {
    static let runner = FuzzRunner(
        target: "csv",
        dictionary: [
            "\"", "\"\"", ",", "\r\n", "\n", "Name,Given Name,Family Name,Phone 1 - Value\r\n", "First Name,Last Name,Mobile Phone\r\n",
            "Phone 1 - Type", "Phone 2 - Value", " ::: ", "Group Membership", "* myContacts", "Nickname", "E-mail 1 - Value",
            "\u{0}", "\u{1B}]0;title\u{07}", "+44 20 7946 0000", "\u{FEFF}", "\t", ";",
        ],
        mutations: 1500
    )

    @Test func csv() {
        Self.runner.run { check, input in
            do throws(ContactBookError) {
                let book = try ContactImporter.parse(csv: input, file: "fuzz.csv")
                ContactFuzzChecks.check(book, input: input, file: "fuzz.csv", &check)
            } catch {
                check.expect(error.file == "fuzz.csv", "error names \(error.file)")
                if let line = error.line { check.expect((1...input.lineCount).contains(line), "error at line \(line): \(error)") }
            }
        }
    }
}
