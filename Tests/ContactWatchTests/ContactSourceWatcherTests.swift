// SPDX-License-Identifier: Apache-2.0

@testable import ContactWatch
import Foundation
import Glibc
import Inotify
import Testing

@Suite("Contact source watcher")
struct ContactSourceWatcherTests {
    /// One thing done to the files, and whether the watcher should call it a change of a source.
    struct Step: Sendable {
        let what: String
        let change: Bool
        let act: @Sendable (WatchedFolder) throws -> Void

        static func change(_ what: String, _ act: @escaping @Sendable (WatchedFolder) throws -> Void) -> Step {
            Step(what: what, change: true, act: act)
        }

        static func noChange(_ what: String, _ act: @escaping @Sendable (WatchedFolder) throws -> Void) -> Step {
            Step(what: what, change: false, act: act)
        }
    }

    /// Sources (inside a scratch folder), what is there before watching starts, and what follows.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let sources: [String]
        var before: @Sendable (WatchedFolder) throws -> Void = { _ in }
        let steps: [Step]
    }

    static let card = WatchedFolder.card

    static let scenarios: [Scenario] = [
        Scenario(
            testDescription: "a file written in place", sources: ["book.vcf"], before: { try $0.writeInPlace("book.vcf") },
            steps: [
                .change("written") { try $0.writeInPlace("book.vcf", card("Bea")) },
                .change("written again") { try $0.writeInPlace("book.vcf", card("Cy")) },
            ]),
        Scenario(
            testDescription: "a file replaced by a rename", sources: ["book.vcf"], before: { try $0.writeInPlace("book.vcf") },
            steps: [
                .noChange("an editor's temporary file") { try $0.writeInPlace(".book.vcf.swp", card("Bea")) },
                .change("renamed over the file") { try $0.rename(".book.vcf.swp", to: "book.vcf") },
                .change("saved the way CardDAVCache saves") { try $0.writeAtomically("book.vcf", card("Cy")) },
                .change("the new file written in place") { try $0.writeInPlace("book.vcf", card("Di")) },
            ]),
        Scenario(
            testDescription: "a file deleted and made again", sources: ["book.csv"], before: { try $0.writeInPlace("book.csv") },
            steps: [
                .change("deleted") { try $0.remove("book.csv") },
                .noChange("another file beside it") { try $0.writeInPlace("other.csv") },
                .change("made again") { try $0.writeInPlace("book.csv") },
                .change("made unreadable") { chmod($0.join("book.csv"), 0) },
            ]),
        Scenario(
            testDescription: "a link to a file elsewhere", sources: ["book.vcf"],
            before: { folder in
                try folder.makeFolder("elsewhere")
                try folder.writeInPlace("elsewhere/real.vcf")
                try folder.link("book.vcf", to: folder.join("elsewhere/real.vcf"))
            },
            steps: [.change("the file linked to written in place") { try $0.writeInPlace("elsewhere/real.vcf", card("Bea")) }]
        ),
        Scenario(
            testDescription: "a source folder", sources: ["cards"], before: { try $0.makeFolder("cards") },
            steps: [
                .change("a card added") { try $0.writeInPlace("cards/a.vcf") },
                .change("a CSV export added") { try $0.writeInPlace("cards/b.CSV") },
                .change("a card saved by a sync") { try $0.writeAtomically("cards/c.vcard") },
                .noChange("a note") { try $0.writeInPlace("cards/notes.txt") },
                .noChange("the sync's state") { try $0.writeAtomically("cards/sync-state.json") },
                .noChange("an editor's swap file") { try $0.writeInPlace("cards/.a.vcf.swp") },
                .noChange("a backup") { try $0.writeInPlace("cards/a.vcf~") },
                .noChange("a temporary file") { try $0.writeInPlace("cards/a.vcf.tmp") },
                .noChange("a folder named like a card") { try $0.makeFolder("cards/old.vcf") },
                .change("a card made unreadable") { chmod($0.join("cards/a.vcf"), 0) },
                .change("a card renamed away") { try $0.rename("cards/a.vcf", to: "cards/a.vcf.bak") },
                .change("a card deleted") { try $0.remove("cards/b.CSV") },
            ]),
        Scenario(
            testDescription: "a folder not made yet", sources: ["state/t9dial/carddav"],
            steps: [
                .noChange("a file beside it") { try $0.writeInPlace("unrelated.vcf") },
                // The folders on the way are not changes of the book; the source itself coming is.
                .noChange("the first folder on the way") { try $0.makeFolder("state") },
                .noChange("the next one") { try $0.makeFolder("state/t9dial") },
                .change("the folder itself") { try $0.makeFolder("state/t9dial/carddav") },
                .change("a card synced into it") { try $0.writeAtomically("state/t9dial/carddav/card.vcf") },
                .noChange("the sync's state") { try $0.writeAtomically("state/t9dial/carddav/sync-state.json", "{}") },
            ]),
        Scenario(
            testDescription: "a folder made with its parents at once", sources: ["state/t9dial/carddav"],
            steps: [
                // mkdir -p: by the time the watcher moves down, the source is there.
                .change("made") { try FileManager.default.createDirectory(atPath: $0.join("state/t9dial/carddav"), withIntermediateDirectories: true) },
                .change("a card written into it") { try $0.writeInPlace("state/t9dial/carddav/card.vcf") },
            ]),
        Scenario(
            testDescription: "a folder deleted and made again", sources: ["cards"],
            before: { folder in
                try folder.makeFolder("cards")
                try folder.writeInPlace("cards/a.vcf")
            },
            steps: [
                .change("deleted") { try FileManager.default.removeItem(atPath: $0.join("cards")) },
                .change("made again") { try $0.makeFolder("cards") },
                .change("a card written into it") { try $0.writeInPlace("cards/b.vcf") },
            ]
        ),
        Scenario(
            testDescription: "a folder moved away", sources: ["cards"], before: { try $0.makeFolder("cards") },
            steps: [
                .change("moved") { try $0.rename("cards", to: "old-cards") },
                .noChange("where it went, then beside it (for its parent's watch to report)") { folder in
                    try folder.writeInPlace("old-cards/a.vcf")
                    try folder.writeInPlace("unrelated.txt")
                },
                .change("a new one made") { try $0.makeFolder("cards") },
            ]),
        Scenario(
            testDescription: "the sources read, as a reload does", sources: ["cards", "book.vcf"],
            before: { folder in
                try folder.makeFolder("cards")
                try folder.writeInPlace("cards/a.vcf")
                try folder.writeInPlace("book.vcf")
            },
            steps: [
                .noChange("read, then a note written (to wait for)") { folder in
                    _ = try Data(contentsOf: URL(fileURLWithPath: folder.join("cards/a.vcf")))
                    _ = try Data(contentsOf: URL(fileURLWithPath: folder.join("book.vcf")))
                    _ = try FileManager.default.contentsOfDirectory(atPath: folder.join("cards"))
                    try folder.writeInPlace("cards/marker.txt")
                }
            ]
        ),
        Scenario(
            testDescription: "several sources in one folder", sources: ["a.vcf", "b.vcf", "."],
            before: { try $0.writeInPlace("a.vcf") },
            steps: [
                .change("a missing file made") { try $0.writeInPlace("b.vcf") },
                .change("a file of the folder source made") { try $0.writeInPlace("c.vcf") },
                .change("a file source written") { try $0.writeInPlace("a.vcf") },
            ]
        ),
    ]

    @Test("What is a change", arguments: scenarios)
    func changes(scenario: Scenario) throws {
        let folder = try WatchedFolder()
        try scenario.before(folder)
        var watcher = try ContactSourceWatcher(sources: scenario.sources.map(folder.join))
        let start = watcher.drain()
        #expect(start == .init(changed: false, problems: []))
        for step in scenario.steps {
            try step.act(folder)
            watcher.expectChange(step.change, "\(step.what)")
        }
    }

    @Test func relativePathsAreTakenFromTheWorkingDirectory() throws {
        let watcher = try ContactSourceWatcher(sources: ["contacts.vcf", "./cards/", "/tmp//x.vcf"])
        let directory = FileManager.default.currentDirectoryPath
        #expect(watcher.sources == [directory + "/contacts.vcf", directory + "/./cards", "/tmp/x.vcf"])
    }

    @Test func lostNotificationsAreAChange() throws {
        let folder = try WatchedFolder()
        let watcher = try ContactSourceWatcher(sources: [folder.path])
        #expect(watcher.meaning(of: .init(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "")) == .sourceChanged)
        #expect(watcher.meaning(of: .init(watch: 9999, mask: UInt32(IN_CLOSE_WRITE), name: "a.vcf")) == .nothing)
    }

    /// What a source is, for the watches it needs.
    enum SourceKind: String, CaseIterable, CustomTestStringConvertible {
        case regularFile, folder, missingFile, characterDevice, fifo

        var testDescription: String { rawValue }

        /// The source's path, made in `folder` when it is made there.
        func make(in folder: WatchedFolder) throws -> String {
            switch self {
            case .regularFile:
                try folder.writeInPlace("a.vcf")
                return folder.join("a.vcf")
            case .folder:
                try folder.makeFolder("cards")
                return folder.join("cards")
            case .missingFile:
                return folder.join("later.vcf")
            case .characterDevice:
                return "/dev/null"
            case .fifo:
                guard mkfifo(folder.join("pipe"), 0o600) == 0 else { throw WatchedFolder.Errno() }
                return folder.join("pipe")
            }
        }

        /// A file: itself and its folder; a folder itself; a missing file its folder; nothing
        /// for what no one edits.
        var watches: Int {
            switch self {
            case .regularFile: 2
            case .folder, .missingFile: 1
            case .characterDevice, .fifo: 0
            }
        }
    }

    @Test("Only regular files and folders are watched, and where missing ones may appear", arguments: SourceKind.allCases)
    func watches(kind: SourceKind) throws {
        let folder = try WatchedFolder()
        let watcher = try ContactSourceWatcher(sources: [kind.make(in: folder)])
        #expect(watcher.watchCount == kind.watches)
    }

    /// `--config /dev/null`: any program writing to /dev/null closes it after writing, which a
    /// watch on it (or on /dev for its name) takes for an edit.
    @Test func writingToDevNullIsNoChange() throws {
        var watcher = try ContactSourceWatcher(sources: ["/dev/null"])
        let null = try #require(FileHandle(forWritingAtPath: "/dev/null"))
        try null.write(contentsOf: Data("written".utf8))
        try null.close()
        // The kernel queues a notification before the close returns: none is there to read.
        #expect(watcher.drain() == .init(changed: false, problems: []))
    }
}
