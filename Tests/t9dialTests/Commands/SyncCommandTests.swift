import Foundation
import Testing

/// `t9dial sync` and the synced address book as a contact source. Each failure names what to do.
@Suite("t9dial sync")
struct SyncCommandTests {
    /// A config naming an address book on a port where nothing listens.
    static func unreachableBook(in directory: String) throws -> String {
        let password = try T9DialProcess.write("secret\n", to: directory + "/password")
        chmod(password, 0o600)
        return try T9DialProcess.write(
            """
            [carddav]
            url = "http://127.0.0.1:1/ann/contacts/"
            user = "ann"
            password_file = "\(password)"
            """, to: directory + "/t9dial.toml")
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
