// SPDX-License-Identifier: Apache-2.0

@testable import CardDAV
import Foundation
import Glibc
import Testing

/// The transport and the client against servers that misbehave on purpose
/// (Support/hostile-server.py): silent, trickling, endless, redirecting elsewhere.
@Suite("CardDAV over a hostile network")
struct CurlTransportTests {
    /// A hostile server, stopped when the value goes away.
    final class HostileServer {
        let process = Process()
        let port: Int
        var url: URL { URL(string: "http://127.0.0.1:\(port)/alice/book/")! }

        init(_ arguments: [String]) throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/hostile-server.py")
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script.path] + arguments
            process.standardOutput = output
            // Not the test process's own streams: a child holding them open would keep
            // swift test waiting after the tests end.
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(0x0A), let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty { line += byte }
            port = try #require(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        deinit {
            // SIGKILL: a child started from a thread with its signals blocked keeps them blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// CPU time this thread has used, in seconds (libcurl waits on the calling thread).
    static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func client(_ url: URL, _ transport: CurlTransport) -> CardDAVClient {
        CardDAVClient(url: url, credentials: CardDAVCredentials(user: "alice", password: "secret"), transport: transport)
    }

    /// Waiting on a server that never answers once took most of a core: now it sleeps.
    @Test func waitingOnASilentServerCostsNoCPUAndEndsInTime() throws {
        let server = try HostileServer(["silent"])
        let wallStart = ContinuousClock.now, cpuStart = Self.threadCPU()
        #expect(throws: CardDAVError.timedOut(url: server.url)) {
            try Self.client(server.url, CurlTransport(requestTimeout: .seconds(2))).collectionInfo()
        }
        let wall = ContinuousClock.now - wallStart, cpu = Self.threadCPU() - cpuStart
        #expect(wall < .seconds(10))
        #expect(cpu < 0.2 * Double(wall.components.seconds) + 0.05, "\(cpu) s of CPU in \(wall)")
    }

    /// A byte every second once kept a sync going past 400 s: the request ends at its limit.
    @Test func aTricklingServerIsCutOffAtTheRequestLimit() throws {
        let server = try HostileServer(["trickle"])
        #expect(throws: CardDAVError.timedOut(url: server.url)) {
            try Self.client(server.url, CurlTransport(requestTimeout: .seconds(3))).collectionInfo()
        }
    }

    @Test func allRequestsOfASyncEndByItsTotalLimit() throws {
        let server = try HostileServer(["silent"])
        let transport = CurlTransport(requestTimeout: .seconds(60), totalTimeout: .seconds(2))
        let start = ContinuousClock.now
        #expect(throws: CardDAVError.timedOut(url: server.url)) { try Self.client(server.url, transport).collectionInfo() }
        #expect(throws: CardDAVError.timedOut(url: server.url)) { try Self.client(server.url, transport).collectionInfo() }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    /// A 200 MB answer once took 862 MB: an answer over the limit stops the sync.
    @Test func anEndlessAnswerStopsAtTheSizeLimit() throws {
        let server = try HostileServer(["huge"])
        #expect(throws: CardDAVError.answerTooLarge(url: server.url, limit: 1 << 20)) {
            try Self.client(server.url, CurlTransport(maxResponseBytes: 1 << 20)).collectionInfo()
        }
    }

    /// A 301 or 307 to another host and port once took the password there, and that host's
    /// cards: nothing is sent to another origin.
    @Test(arguments: ["301", "302", "307", "308"])
    func aRedirectToAnotherOriginIsRefusedAndGetsNoPassword(status: String) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-redirect-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let elsewhere = try HostileServer(["record", log])
        let server = try HostileServer(["redirect", status, elsewhere.url.absoluteString])
        #expect(throws: CardDAVError.crossOriginRedirect(url: server.url, to: elsewhere.url.absoluteString)) {
            try Self.client(server.url, CurlTransport()).collectionInfo()
        }
        #expect(!FileManager.default.fileExists(atPath: log), "the other server was asked: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    @Test func aRedirectWithinTheOriginIsFollowedWithThePassword() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-redirect-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let server = try HostileServer(["moved", "/alice/book/", log])
        let old = URL(string: "http://127.0.0.1:\(server.port)/old/book/")!
        // The collection answers 207 with no address book in it: the request got there.
        #expect(throws: CardDAVError.self) { try Self.client(old, CurlTransport()).collectionInfo() }
        let requests = try String(contentsOfFile: log, encoding: .utf8)
        #expect(requests.hasPrefix("PROPFIND /alice/book/ HTTP/1.1"))
        #expect(requests.contains("Authorization: Basic YWxpY2U6c2VjcmV0"))
    }

    /// libcurl is opened when a sync starts: without it, a sync says what is missing and how
    /// to get it, and nothing else stops.
    @Test(arguments: ["libcurl-not-installed.so.4", "libz.so.1"])
    func aMissingLibcurlIsNamedWithItsFix(library: String) throws {
        guard case .failure(let error) = CurlLibrary.load(library) else {
            Issue.record("\(library) loaded as libcurl")
            return
        }
        #expect(error.description.hasPrefix("cannot sync: libcurl (\(library)) cannot be loaded: "))
        #expect(error.description.contains(library == "libz.so.1" ? "libz.so.1 has no curl_global_init" : "No such file"))
        #expect(error.description.hasSuffix("Install it (on Debian: sudo apt install libcurl4); the cached contacts are kept."))
    }

    @Test(arguments: [
        ("https://a.example/x", "https://a.example:443/y", true),
        ("http://a.example/x", "http://A.EXAMPLE:80/y", true),
        ("http://a.example/x", "https://a.example/x", false),
        ("http://a.example/x", "http://a.example:8080/x", false),
        ("http://a.example/x", "http://b.example/x", false),
    ])
    func originsAreSchemeHostAndPort(first: String, second: String, same: Bool) {
        #expect(CardDAVClient.sameOrigin(URL(string: first)!, URL(string: second)!) == same)
    }
}
