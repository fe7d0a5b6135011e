// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("Phone labels to types")
struct PhoneLabelTests {
    @Test(
        "labels from Apple, Google and Outlook",
        arguments: [
            ("_$!<Mobile>!$_", ["cell"]),
            ("_$!<HomeFAX>!$_", ["home", "fax"]),
            ("_$!<AssistantPhone>!$_", ["assistant"]),
            ("_$!<Other>!$_", ["other"]),
            ("iPhone", ["iphone"]),
            ("Mobile", ["cell"]),
            ("Work Fax", ["work", "fax"]),
            ("Mobile Phone", ["cell"]),
            ("Home Phone 2", ["home"]),
            ("Business Phone", ["work"]),
            ("Company Main Phone", ["main"]),
            ("TTY/TDD Phone", ["tty"]),
            ("Assistant's Phone", ["assistant"]),
            ("Boat", ["boat"]),
            ("Grandma's landline", ["grandma's landline"]),
            ("  ", []),
        ])
    func types(label: String, expected: [String]) {
        #expect(PhoneLabel.types(for: label) == expected)
    }
}
