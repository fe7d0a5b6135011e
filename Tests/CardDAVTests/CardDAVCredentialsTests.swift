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
}
