// SPDX-License-Identifier: Apache-2.0

import Glibc
@testable import CardDAV
import CardDAVTestSupport
import Foundation
import Testing

@Suite("Credentials")
struct CardDAVCredentialsTests {
    @Test(arguments: [
        ("secret\n", "secret"), ("secret\r\n", "secret"), ("secret", "secret"), ("two\n\n", "two\n"), ("sp ace \n", "sp ace "),
    ])
    func aPasswordFileLosesOneTrailingNewline(content: String, password: String) throws {
        try CardFixtures.withTemporaryFolder { folder in
            try content.write(toFile: folder + "/password", atomically: true, encoding: .utf8)
            #expect(try CardDAVCredentials.readPassword(fromFile: folder + "/password") == password)
        }
    }

    @Test func aMissingPasswordFileIsNamed() {
        let error = #expect(throws: CardDAVError.self) { try CardDAVCredentials.readPassword(fromFile: "/nonexistent/pw") }
        guard case .passwordFile(let path, _) = error else {
            Issue.record("expected passwordFile, got \(String(describing: error))")
            return
        }
        #expect(path == "/nonexistent/pw")
    }

    /// A directory once gave "NSCocoaErrorDomain error 256"; /dev/zero would be read for ever.
    @Test(arguments: [
        ("/tmp", "/tmp: cannot read the password file: it is a directory, not a file; name a file inside it."),
        ("/dev/zero", "/dev/zero: cannot read the password file: it is a character device, not a regular file; give the path of a regular file."),
    ])
    func aPasswordFileThatIsNoFileSaysWhatItIs(path: String, message: String) {
        let error = #expect(throws: CardDAVError.self) { try CardDAVCredentials.readPassword(fromFile: path) }
        #expect(error?.description == message)
    }

    @Test func basicAuthorizationIsBase64OfUserColonPassword() {
        #expect(CardDAVCredentials(user: "Aladdin", password: "open sesame").basicAuthorization == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test(arguments: [
        ("http://dav.example.org/ann/", true),
        ("https://dav.example.org/ann/", false),
        ("http://127.0.0.1:5232/ann/", false),
        ("http://localhost/ann/", false),
    ])
    func basicAuthOverPlainHTTPToAnotherHostIsWarnedAbout(url: String, warned: Bool) {
        let warnings = CardDAVSync.warnings(url: URL(string: url)!, passwordFile: nil)
        #expect(warnings.contains { $0.contains("plain http") } == warned)
    }

    @Test func aPasswordFileOthersMayReadIsWarnedAbout() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-pw-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        let url = URL(string: "https://dav.example.org/ann/")!
        #expect(
            CardDAVSync.warnings(url: url, passwordFile: path) == [
                "\(path): others may read the password file (mode 644); chmod 600 '\(path)'"
            ])
        chmod(path, 0o600)
        #expect(CardDAVSync.warnings(url: url, passwordFile: path).isEmpty)
    }
}
