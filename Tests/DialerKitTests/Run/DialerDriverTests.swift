// SPDX-License-Identifier: Apache-2.0

@testable import DialerKit
import Foundation
import Glibc
import Phonebook
import ProcessLoop
import TestFixtures
import Testing

/// The driver keeps the book read at start current: its sources are watched from before the
/// reading begins, so an edit made while a large book is read is not lost.
@Suite("The dialer driver")
struct DialerDriverTests {
    static let fred = TestFiles.card(uid: "fred", name: "Fred Smith", numbers: ["+44 121 496 0000"])
    static let eve = TestFiles.card(uid: "eve", name: "Eve Fisher", numbers: ["+44 121 496 0001"])

    @Test("A contact file edited while the book is read at start is reloaded once the book is loaded")
    func editedWhileTheBookIsRead() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(Self.fred, to: directory + "/book.vcf")
            let configFile = try TestFiles.write("[keypad]\nidle_clear_s = 0\n", to: directory + "/config.toml")
            let book = try Book.prepareToLoad(.init(configFile: configFile, contacts: [file], dataDirectory: TestFiles.dataDirectory))
            let driver = try KeypadSetup.load(for: book).makeDriver(for: book, placesCalls: false, logger: RecordedLog().logger)
            try driver.loadInBackground(book)

            // The book is read, and not yet taken in by the loop, when the file gains Eve: the
            // edit comes after the reading, as one does when the reading takes a while.
            let load = try #require(driver.sources.first { $0.tag == .startupLoad })
            #expect(Readiness.waitReadable([load.descriptor]) == [load.descriptor])
            try TestFiles.write(Self.fred + Self.eve, to: file)

            // The loop runs until the book has both, or for ten seconds at most: a change the
            // watch missed would never reload it.
            let loop = EventLoop()
            var display = InMemoryDisplay()
            let giveUp = loop.clock.now() + 10_000_000
            while driver.machine.session.index.contacts.count < 2 && loop.clock.now() < giveUp {
                let deadline = [driver.nextDeadline, giveUp].compactMap { $0 }.min()
                _ = try DialerLoop(driver: driver).handle(try loop.wait(for: driver.sources, until: deadline), display: &display)
            }
            #expect(!driver.isLoading)
            let contacts = driver.machine.session.index.contacts
            #expect(contacts.indices.map { contacts.uid(of: $0) }.sorted() == ["eve", "fred"])
        }
    }
}
