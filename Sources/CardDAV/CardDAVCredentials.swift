import Foundation

/// A user name and password for HTTP Basic authentication.
public struct CardDAVCredentials: Sendable, Equatable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// Reads a password file: its whole content, less one trailing newline (`\n` or `\r\n`), so
    /// `echo secret > file` works and a password may still end in spaces.
    public static func readPassword(fromFile path: String) throws(CardDAVError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .passwordFile(path: path, reason: (error as NSError).localizedDescription)
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw .passwordFile(path: path, reason: "it is not UTF-8 text")
        }
        // "\r\n" is one Character in Swift, so one removeLast drops either ending.
        if let last = text.last, last == "\n" || last == "\r\n" {
            text.removeLast()
        }
        return text
    }

    /// The `Authorization` header value: `Basic` and base64 of `user:password` in UTF-8.
    var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
