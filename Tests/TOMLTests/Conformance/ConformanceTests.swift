// SPDX-License-Identifier: Apache-2.0

import Foundation
import TOML
import Testing

/// toml-test's TOML 1.0 cases (`ConformanceSuite`): each valid file parses to the JSON beside
/// it, each invalid file is refused with a `TOMLError` at a line and column of the file. Each
/// file is a case of its own, so a failure names the file.
@Suite("toml-test conformance, TOML 1.0")
struct ConformanceTests {
    @Test("The suite is where it is expected")
    func suiteIsPresent() throws {
        #expect(try ConformanceSuite.cases(in: "valid").count > 100)
        #expect(try ConformanceSuite.cases(in: "invalid").count > 100)
    }

    @Test("A valid file parses to the JSON beside it", arguments: try ConformanceSuite.cases(in: "valid"))
    func valid(file: String) throws {
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(try ConformanceSuite.bytes(file))
        } catch let error as TOMLError {
            Issue.record("\(file) was refused: \(error)")
            return
        }
        let jsonFile = String(file.dropLast(".toml".count)) + ".json"
        let expected = try JSONSerialization.jsonObject(with: Data(try ConformanceSuite.bytes(jsonFile)), options: [.fragmentsAllowed])
        if let difference = TaggedJSON.difference(expected: expected, actual: TaggedJSON.tagged(table)) {
            Issue.record("\(file): \(difference)")
        }
    }

    @Test("An invalid file is refused at a line and column of it", arguments: try ConformanceSuite.cases(in: "invalid"))
    func invalid(file: String) throws {
        let bytes = try ConformanceSuite.bytes(file)
        do {
            let table = try TOMLParser.parse(bytes)
            Issue.record("\(file) was accepted, as \(TaggedJSON.tagged(table))")
        } catch {
            let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
            #expect((1...lines).contains(error.line), "\(file): line \(error.line) of \(lines): \(error)")
            #expect(error.column >= 1, "\(file): column \(error.column): \(error)")
            #expect(!error.message.isEmpty, "\(file): no message")
        }
    }
}
