// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import DialHistory

@Suite struct HistoryLocationTests {
    @Test(arguments: [
        (["STATE_DIRECTORY": "/var/lib/t9", "XDG_STATE_HOME": "/x", "HOME": "/home/u"], "/var/lib/t9"),
        (["STATE_DIRECTORY": "/var/lib/t9:/var/lib/other", "HOME": "/home/u"], "/var/lib/t9"),
        (["STATE_DIRECTORY": "", "XDG_STATE_HOME": "/x", "HOME": "/home/u"], "/x/t9dial"),
        (["XDG_STATE_HOME": "/x", "HOME": "/home/u"], "/x/t9dial"),
        (["XDG_STATE_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/state/t9dial"),
        (["HOME": "/home/u"], "/home/u/.local/state/t9dial"),
    ])
    func directoryFollowsTheOrder(environment: [String: String], expected: String) throws {
        #expect(try HistoryLocation.directory(environment: environment) == expected)
    }

    /// root on a board, with no history of its own, reads the service's.
    @Test(
        "The service's history is read by root alone, when root has none and the service has one",
        arguments: [
            ([:], true, ["/var/lib/t9dial/t9dial.sqlite"], "/var/lib/t9dial/t9dial.sqlite"),
            (["HOME": "/root"], true, ["/var/lib/t9dial/t9dial.sqlite"], "/var/lib/t9dial/t9dial.sqlite"),
            (["HOME": "/root"], true, ["/var/lib/t9dial/t9dial.sqlite", "/root/.local/state/t9dial/t9dial.sqlite"], nil),
            (["HOME": "/home/u"], false, ["/var/lib/t9dial/t9dial.sqlite"], nil),
            (["HOME": "/root"], true, [], nil),
            (["STATE_DIRECTORY": "/var/lib/t9dial"], true, ["/var/lib/t9dial/t9dial.sqlite"], nil),
        ] as [([String: String], Bool, [String], String?)]
    )
    func serviceHistory(environment: [String: String], isRoot: Bool, files: [String], expected: String?) {
        #expect(HistoryLocation.serviceHistory(environment: environment, isRoot: isRoot, exists: files.contains) == expected)
    }

    @Test func noVariableIsAnError() {
        #expect(throws: DialHistoryError.self) { try HistoryLocation.directory(environment: [:]) }
        do {
            _ = try HistoryLocation.directory(environment: ["HOME": "relative"])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .noLocation)
            #expect(error.description.contains("STATE_DIRECTORY"))
        }
    }

    @Test func pathMakesAPrivateFolder() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try HistoryLocation.path(environment: ["XDG_STATE_HOME": root, "HOME": "/nonexistent"])
        #expect(path == "\(root)/t9dial/t9dial.sqlite")
        let attributes = try FileManager.default.attributesOfItem(atPath: "\(root)/t9dial")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }
}
