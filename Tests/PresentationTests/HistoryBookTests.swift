// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialHistory
import Foundation
import Presentation
import T9Search
import Testing

/// Whom a listed call was with, as the book has them now.
@Suite("History book")
struct HistoryBookTests {
    static let time = Date(timeIntervalSince1970: 1_764_027_726)

    static func contact(_ uid: String, _ name: String, _ numbers: String...) -> Contact {
        Contact(uid: uid, displayName: name, numbers: numbers.map { PhoneNumber($0) }, source: SourceLocation(file: "a.vcf", line: 1))
    }

    struct Case: CustomTestStringConvertible {
        var name: String
        var region: String?
        var dial: Dial
        var shownName: String?
        var shownNumber: String
        var testDescription: String { name }
    }

    static let book = [
        contact("ann", "Ann Smith", "0121 496 0000", "+1 201-555-0123"),
        contact("ann", "Another Ann", "0113 496 0000"),
        contact("bob", "Bob Baker", "07700 900456"),
    ]

    static let cases: [Case] = [
        Case(
            name: "the contact's number that is the call's, as the book writes it", region: "GB",
            dial: Dial(uid: "ann", number: "+441214960000", time: time, status: .answered, direction: .incoming), shownName: "Ann Smith",
            shownNumber: "0121 496 0000"),
        Case(
            name: "without a region, numbers written differently are not known to be the same", region: nil,
            dial: Dial(uid: "ann", number: "+441214960000", time: time, status: .answered, direction: .incoming), shownName: "Ann Smith",
            shownNumber: "+441214960000"),
        Case(
            name: "the same digits are the same number in any region", region: nil,
            dial: Dial(uid: "bob", number: "07700900456", time: time, status: .placed), shownName: "Bob Baker", shownNumber: "07700 900456"),
        Case(
            name: "the first contact of a UID is the one", region: "GB",
            dial: Dial(uid: "ann", number: "0113 496 0000", time: time, status: .placed), shownName: "Ann Smith", shownNumber: "0113 496 0000"),
        Case(
            name: "a caller unknown when the call rang, found by number now", region: "US",
            dial: Dial(uid: nil, number: "+12015550123", time: time, status: .missed, direction: .incoming, name: "WIRELESS CALLER"),
            shownName: "Ann Smith", shownNumber: "+1 201-555-0123"),
        Case(
            name: "a caller no contact has: the name the call came with", region: "GB",
            dial: Dial(uid: nil, number: "+447700900999", time: time, status: .missed, direction: .incoming, name: "Sam Sipp"),
            shownName: "Sam Sipp", shownNumber: "+447700900999"),
        Case(
            name: "a typed number is not named, even when a contact has it", region: "GB",
            dial: Dial(uid: nil, number: "07700 900456", time: time, status: .placed), shownName: nil, shownNumber: "07700 900456"),
    ]

    @Test(arguments: cases)
    func aCallIsShownAsTheBookHasIt(_ test: Case) {
        let book = HistoryBook(contacts: Self.book, region: test.region.flatMap(DialingRegion.init))
        let whom = book.whom(test.dial)
        #expect(whom.name == test.shownName)
        #expect(whom.number == test.shownNumber)
    }
}
