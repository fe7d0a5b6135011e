// SPDX-License-Identifier: Apache-2.0

@testable import CardDAV
import Testing

@Suite("Cache file names from hrefs")
struct CardFileNameTests {
    @Test(arguments: [
        ("/alice/book/fred.vcf", "fred.vcf"),
        ("/alice/book/abc-123_x", "abc-123_x.vcf"),
        ("/alice/book/a%20b.vcf", "a%20b.vcf"),
        ("/alice/book/..%2F..%2Fetc%2Fpasswd", "%2E.%2F..%2Fetc%2Fpasswd.vcf"),
        ("/alice/book/.hidden.vcf", "%2Ehidden.vcf"),
        ("/alice/book/caf%C3%A9.vcf", "caf%C3%A9.vcf"),
        ("/alice/book/", "book.vcf"),
    ])
    func namesAreSafe(href: String, name: String) {
        #expect(CardFileName.make(href: href, taken: []) == name)
    }

    @Test func aTakenNameGetsANumber() {
        #expect(CardFileName.make(href: "/b/a", taken: ["a.vcf"]) == "a-2.vcf")
        #expect(CardFileName.make(href: "/b/a.vcf", taken: ["a.vcf", "a-2.vcf"]) == "a-3.vcf")
    }

    /// One href longer than a file name allows once made every sync fail.
    @Test func anOverLongHrefGetsAHashedNameWithinTheLimit() {
        let long = "/alice/book/" + String(repeating: "é", count: 300) + ".vcf"
        let other = "/alice/book/" + String(repeating: "é", count: 300) + "x.vcf"
        let name = CardFileName.make(href: long, taken: [])
        #expect(name.utf8.count <= 255)
        #expect(name.hasSuffix(".vcf") && name.hasPrefix("%C3%A9"))
        #expect(name == CardFileName.make(href: long, taken: []))
        #expect(name != CardFileName.make(href: other, taken: []))
        #expect(CardFileName.make(href: long, taken: [name]).utf8.count <= 255)
    }
}
