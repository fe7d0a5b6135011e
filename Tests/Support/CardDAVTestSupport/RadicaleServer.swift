// SPDX-License-Identifier: Apache-2.0

public import CardDAV
public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real Radicale server on 127.0.0.1, in a temporary folder of its own: htpasswd users with
/// plain passwords, storage in the folder. Tests start one each and stop it when done.
public final class RadicaleServer: @unchecked Sendable {
    public static let user = "alice"
    public static let password = "open sesame"
    public static let installHint = "python3 -m pip install radicale==3.9.0"

    /// Whether `python3` can import radicale; the tests needing a server are skipped otherwise.
    public static let isInstalled: Bool = {
        guard let status = try? run(["python3", "-c", "import radicale"]) else { return false }
        if status != 0 { print("CardDAV server tests skipped: python3 cannot import radicale. Install it: \(installHint)") }
        return status == 0
    }()

    public let folder: String
    public let port: Int
    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    public var bookURL: URL { URL(string: "http://127.0.0.1:\(port)/\(Self.user)/book/")! }

    /// Starts a server and waits until it answers (up to 30 s, only to avoid hanging).
    public init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/t9dial-radicale-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "\(Self.user):\(Self.password)\n".write(toFile: folder + "/users", atomically: true, encoding: .utf8)
        port = try Self.freePort()
        let config = """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = htpasswd
            htpasswd_filename = \(folder)/users
            htpasswd_encryption = plain
            [rights]
            type = owner_only
            [storage]
            filesystem_folder = \(folder)/collections
            [logging]
            level = warning
            """
        try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: folder + "/log", contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/log"))
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "radicale", "--config", folder + "/config"]
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try waitUntilAnswering()
    }

    deinit { stop() }

    /// Stops the server and waits for it to exit; later calls do nothing.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            // SIGKILL: the test process may block SIGTERM, and its children inherit the mask.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `body` with a fresh server holding an address book at `bookURL`, stopping it after.
    public static func with<T>(_ body: (RadicaleServer) throws -> T) throws -> T {
        let server = try RadicaleServer()
        defer { server.stop() }
        try server.createAddressBook()
        return try body(server)
    }

    /// MKCOL with the CardDAV resource type (RFC 5689 extended MKCOL, which Radicale supports).
    public func createAddressBook() throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
              <d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype></d:prop></d:set>
            </d:mkcol>
            """
        let response = try request("MKCOL", bookURL, body: Data(body.utf8), contentType: "application/xml")
        guard response.status == 201 else { throw ServerError("MKCOL answered \(response.status)") }
    }

    /// PUTs a card named `name`.vcf into the address book.
    public func put(_ name: String, card: String) throws {
        let response = try request("PUT", bookURL.appendingPathComponent(name + ".vcf"), body: Data(card.utf8), contentType: "text/vcard")
        guard (200..<300).contains(response.status) else { throw ServerError("PUT \(name) answered \(response.status)") }
    }

    /// DELETEs the card named `name`.vcf.
    public func delete(_ name: String) throws {
        let response = try request("DELETE", bookURL.appendingPathComponent(name + ".vcf"))
        guard (200..<300).contains(response.status) else { throw ServerError("DELETE \(name) answered \(response.status)") }
    }

    /// The href Radicale gives the card named `name`.vcf.
    public func href(_ name: String) -> String { "/\(Self.user)/book/\(name).vcf" }

    public func request(_ method: String, _ url: URL, body: Data? = nil, contentType: String? = nil) throws -> HTTPResponse {
        var headers = ["Authorization": "Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString()]
        if let contentType { headers["Content-Type"] = contentType }
        return try CurlTransport(requestTimeout: .seconds(30)).send(HTTPRequest(method: method, url: url, headers: headers, body: body))
    }

    private func waitUntilAnswering() throws {
        let transport = CurlTransport(requestTimeout: .seconds(5), totalTimeout: .seconds(60))
        for _ in 0..<300 {
            if !process.isRunning { break }
            if (try? transport.send(HTTPRequest(method: "OPTIONS", url: baseURL))) != nil { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let log = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""
        stop()
        throw ServerError("Radicale did not start: \(log)")
    }

    /// A port nothing listens on now, found by binding port 0.
    private static func freePort() throws -> Int {
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
        ]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let port = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ServerError("no free port")
        }
        return port
    }

    private static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

public struct ServerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
