// SPDX-License-Identifier: Apache-2.0

@testable import ContactWatch
import Testing

@Suite("Source paths")
struct SourcePathTests {
    @Test(
        "Paths are made absolute and tidied",
        arguments: [
            ("contacts.vcf", "/home/me/contacts.vcf"),
            ("./cards/", "/home/me/./cards"),
            ("../shared//book.csv", "/home/me/../shared/book.csv"),
            ("/var/lib/t9dial/carddav/", "/var/lib/t9dial/carddav"),
            ("/", "/"),
        ])
    func absolute(path: String, expected: String) {
        #expect(SourcePath.absolute(path, from: "/home/me") == expected)
    }

    @Test(
        "A path's folder and name",
        arguments: [
            ("/home/me/contacts.vcf", "/home/me", "contacts.vcf"),
            ("/cards", "/", "cards"),
            ("/", "/", ""),
        ])
    func parentAndName(path: String, parent: String, name: String) {
        #expect(SourcePath.parent(path) == parent)
        #expect(SourcePath.name(path) == name)
    }
}
