// SPDX-License-Identifier: Apache-2.0

import CardDAVTestSupport
import Foundation
import Testing

/// `t9dial sync` and the synced address book as a contact source. Each failure names what to do.
@Suite("t9dial sync")
struct SyncCommandTests {
    /// A config naming the address book at `url`, written in `directory`.
    static func config(url: String, user: String = "ann", password: String = "secret", in directory: String) throws -> String {
        let passwordFile = try T9DialProcess.write(password + "\n", to: directory + "/password")
        chmod(passwordFile, 0o600)
        return try T9DialProcess.write(
            """
            [carddav]
            url = "\(url)"
            user = "\(user)"
            password_file = "\(passwordFile)"
            """, to: directory + "/t9dial.toml")
    }

    /// The search output without the brackets that mark the matched letters.
    static func names(_ output: T9DialProcess.Output) -> String {
        output.stdout.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
    }

    /// A config naming an address book on a port where nothing listens.
    static func unreachableBook(in directory: String) throws -> String {
        try config(url: "http://127.0.0.1:1/ann/contacts/", in: directory)
    }

    @Test(.enabled(if: RadicaleServer.isInstalled, "radicale is not installed: \(RadicaleServer.installHint)"))
    func aSyncedBookIsSearchedWithoutContactFilesAndFollowsTheServer() throws {
        try RadicaleServer.with { server in
            try server.put("fred", card: CardFixtures.card(uid: "fred", name: "Fred Smith", phone: "+44 121 496 0000"))
            try server.put("ann", card: CardFixtures.card(uid: "ann", name: "Ann Jones", phone: "+44 7700 900111"))
            try T9DialProcess.withTemporaryDirectory { directory in
                let state = directory + "/state"
                let config = try Self.config(
                    url: server.bookURL.absoluteString, user: RadicaleServer.user, password: RadicaleServer.password, in: directory)
                let first = try T9DialProcess.run(["sync"], config: config, stateDirectory: state)
                #expect(first.status == 0, "stderr: \(first.stderr)")
                #expect(first.stdout.contains("2 added, 0 changed, 0 deleted"), "stdout: \(first.stdout)")

                // 37337: "Fred S", from the synced cards alone.
                let found = try T9DialProcess.run(["search", "37337"], config: config, stateDirectory: state)
                #expect(found.status == 0, "stderr: \(found.stderr)")
                #expect(Self.names(found).contains("Fred Smith"), "stdout: \(found.stdout)")

                try server.delete("fred")
                let second = try T9DialProcess.run(["sync"], config: config, stateDirectory: state)
                #expect(second.stdout.contains("0 added, 0 changed, 1 deleted"), "stdout: \(second.stdout)")
                let gone = try T9DialProcess.run(["search", "37337"], config: config, stateDirectory: state)
                #expect(!Self.names(gone).contains("Fred Smith"), "stdout: \(gone.stdout)")
                let kept = try T9DialProcess.run(["search", "266"], config: config, stateDirectory: state)
                #expect(Self.names(kept).contains("Ann Jones"), "stdout: \(kept.stdout)")

                // The server gone, the last good copy is still searched.
                server.stop()
                let offline = try T9DialProcess.run(["sync"], config: config, stateDirectory: state)
                #expect(offline.status != 0)
                let stillKept = try T9DialProcess.run(["search", "266"], config: config, stateDirectory: state)
                #expect(Self.names(stillKept).contains("Ann Jones"), "stdout: \(stillKept.stdout)")
            }
        }
    }

    @Test func withoutAnAddressBookItSaysWhatToAdd() throws {
        let output = try T9DialProcess.run(["sync"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("no address book to sync"), "stderr: \(output.stderr)")
        #expect(output.stderr.contains("[carddav]") && output.stderr.contains("password_file"))
    }

    @Test func anUnreachableServerIsNamedAndNothingIsCached() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let output = try T9DialProcess.run(["sync"], config: try Self.unreachableBook(in: directory), stateDirectory: state)
            #expect(output.status != 0)
            #expect(output.stderr.contains("http://127.0.0.1:1/ann/contacts/"), "stderr: \(output.stderr)")
            #expect(output.stderr.contains("cannot be reached"))
            #expect(!FileManager.default.fileExists(atPath: state + "/carddav/sync-state.json"))
        }
    }

    @Test func searchingABookNeverSyncedSaysToSync() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(["search", "2"], config: try Self.unreachableBook(in: directory), stateDirectory: directory + "/state")
            #expect(output.status != 0)
            #expect(output.stderr.contains("run t9dial sync"), "stderr: \(output.stderr)")
        }
    }

    @Test func namedContactsAreSearchedWhileTheBookIsNotSynced() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(
                ["search", "2", "--contacts", T9DialProcess.sampleContacts], config: try Self.unreachableBook(in: directory),
                stateDirectory: directory + "/state")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(!output.lines.isEmpty)
        }
    }
}
