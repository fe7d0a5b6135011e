// SPDX-License-Identifier: Apache-2.0

import Foundation
import SystemCalls

/// A user name and password for HTTP Basic authentication.
public struct CardDAVCredentials: Sendable, Equatable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The largest password file read: 4 KiB, far more than any password.
    public static let maxPasswordFileBytes = 4096

    /// Reads a password file: its whole content, less one trailing newline (`\n` or `\r\n`), so
    /// `echo secret > file` works and a password may still end in spaces. Only a regular file
    /// of 4 KiB at most is read: a directory, a FIFO or a device is refused at once.
    public static func readPassword(fromFile path: String) throws(CardDAVError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: maxPasswordFileBytes)
        } catch {
            throw .passwordFile(path: path, reason: "\(error.reason); \(error.remedy)")
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
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
