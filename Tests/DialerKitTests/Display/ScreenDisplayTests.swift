// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import ScreenRender
@testable import DialerKit
import Foundation
import Logging
import TestFixtures
import Testing

@Suite("Screen display: pictures")
struct ScreenDisplayTests {
    static func display(png path: String) throws -> ScreenDisplay {
        let font = try ScreenDisplay.loadFont(ScreenSettings(), dataDirectory: TestFiles.dataDirectory)
        return try ScreenDisplay(
            outputs: [.png(path: path)], screen: nil, rotation: .upright, font: font, logger: Logger(label: "test")
        )
    }

    /// The dialer highlights as many results as the display that shows most: 14 rows under
    /// the query line at 320x240 in the 8x16 font; every result when one writes them all.
    @Test func aGroupShowsAsManyRowsAsItsLargestDisplay() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let screen = try Self.display(png: directory + "/screen.png")
            #expect(screen.resultRows == 14)
            #expect(DisplayGroup([screen, TextDisplay(output: "", rows: 5)]).resultRows == 14)
            #expect(DisplayGroup([TextDisplay(output: "", rows: 5), TextDisplay(output: "", rows: 3)]).resultRows == 5)
            #expect(DisplayGroup([screen, JSONDisplay(output: "")]).resultRows == nil)
            #expect(DisplayGroup([]).resultRows == 0)
        }
    }

    /// A PNG that cannot be written on every frame once ended the run with success.
    @Test func aPictureThatCannotBeWrittenIsKeptForTheEndOfTheRun() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let folder = directory + "/pictures"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            let display = try Self.display(png: folder + "/screen.png")
            var group = DisplayGroup([display])
            group.show(try DisplayFixtures.screen("3"))
            #expect(group.pictureFailure == nil)
            #expect(FileManager.default.fileExists(atPath: folder + "/screen.png"))

            try FileManager.default.removeItem(atPath: folder)
            group.show(try DisplayFixtures.screen("37"))
            let failure = try #require(group.pictureFailure)
            #expect(failure.contains(folder + "/screen.png") && failure.contains("does not exist"))

            // It is the run's first failure that is told, even after pictures are written again.
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            group.show(try DisplayFixtures.screen("373"))
            #expect(group.pictureFailure == failure)
        }
    }

    @Test func aPathThatCannotTakeAPictureIsRefusedBeforeTheRun() throws {
        #expect(throws: DialerError.self) { try Self.display(png: "/dev/null") }
        #expect(throws: DialerError.self) { try Self.display(png: "/nonexistent-folder/screen.png") }
    }

    /// A font the config names that does not load points at the config's line.
    @Test func aFontThatDoesNotLoadIsAnErrorAtTheConfigLine() throws {
        let configuration = try DialerConfiguration.parse(
            text: "[screen]\n\nfont = \"/dev/zero\"\n", file: "t9dial.toml", environment: [:])
        do {
            _ = try ScreenDisplay.loadFont(configuration.screen, dataDirectory: TestFiles.dataDirectory)
            Issue.record("a character device loaded as a font")
        } catch {
            #expect(
                error.description
                    == #"t9dial.toml:3: "font" in [screen]: cannot read /dev/zero: it is a character device, not a regular file; give the path of a regular file"#
            )
        }
    }

    /// The status line's small font: t9dial-5x8 from the data folder; nil where it is not
    /// installed (the status line then uses the screen's font); an error where the file is
    /// there but damaged.
    @Test func theSmallFontLoadsFromTheDataFolderWhenItIsThere() throws {
        let font = try #require(try ScreenDisplay.loadSmallFont(dataDirectory: TestFiles.dataDirectory))
        #expect(font.width == 5 && font.height == 8)
        try TestFiles.withTemporaryDirectory { directory in
            #expect(try ScreenDisplay.loadSmallFont(dataDirectory: directory) == nil)
            try FileManager.default.createDirectory(atPath: directory + "/fonts", withIntermediateDirectories: false)
            let path = directory + "/fonts/" + ScreenDisplay.smallFontName
            #expect(FileManager.default.createFile(atPath: path, contents: Data("not a font".utf8)))
            do {
                _ = try ScreenDisplay.loadSmallFont(dataDirectory: directory)
                Issue.record("a damaged small font loaded")
            } catch {
                #expect(String(describing: error).contains(path))
            }
        }
    }
}
