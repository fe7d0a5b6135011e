// SPDX-License-Identifier: Apache-2.0

import ContactBook
public import Phonebook
import TerminalText

/// The contact book as parsed, for `t9dial contacts`: what a user checks after an import.
public enum ContactListing {
    public static func text(_ sources: ContactSources) -> String {
        var lines: [String] = []
        for contact in sources.contacts {
            let numbers = contact.numbers.map { number in
                number.types.isEmpty ? number.value : number.value + " (" + number.types.joined(separator: ",") + ")"
            }
            // Tab-separated: each field has its own control characters (tabs too) shown.
            let fields = [contact.displayName, numbers.isEmpty ? "no number" : numbers.joined(separator: ", "), contact.uid]
            lines.append(fields.map(VisibleText.line).joined(separator: "\t"))
        }
        let numberCount = sources.contacts.reduce(0) { $0 + $1.numbers.count }
        let counts =
            "\(counted(sources.contacts.count, "contact")), \(counted(numberCount, "number")), "
            + "\(counted(sources.warnings.count, "warning")), from \(sources.files.joined(separator: ", "))"
        lines.append(contentsOf: ([counts] + sources.warnings.map { "warning: \($0)" }).map(VisibleText.line))
        return lines.joined(separator: "\n")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    public static func json(_ sources: ContactSources) -> String {
        var json = JSONWriter()
        json.object([
            (
                "contacts",
                { json in
                    json.array(sources.contacts) { json, contact in
                        json.object([
                            ("uid", { $0.string(contact.uid) }),
                            ("name", { $0.string(contact.displayName) }),
                            (
                                "numbers",
                                { json in
                                    json.array(contact.numbers) { json, number in
                                        json.object([
                                            ("number", { $0.string(number.value) }),
                                            ("types", { json in json.array(number.types) { $0.string($1) } }),
                                        ])
                                    }
                                }
                            ),
                            ("source", { $0.string(contact.source.description) }),
                        ])
                    }
                }
            ),
            (
                "warnings",
                { json in
                    json.array(sources.warnings) { json, warning in
                        json.object([
                            ("file", { $0.string(warning.location.file) }),
                            ("line", { $0.raw(String(warning.location.line)) }),
                            ("message", { $0.string(warning.message) }),
                        ])
                    }
                }
            ),
        ])
        return json.output
    }
}
