// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import DialOutcomes

@Suite("The address of baresip's ctrl_tcp: loopback only")
struct BaresipControlAddressTests {
    @Test(
        "loopback addresses are taken",
        arguments: [
            ("127.0.0.1:4444", "127.0.0.1:4444"),
            ("127.1.2.3:1", "127.1.2.3:1"),
            ("localhost:4444", "127.0.0.1:4444"),
            ("[::1]:4444", "[::1]:4444"),
            (" 127.0.0.1:65535 ", "127.0.0.1:65535"),
        ])
    func loopback(text: String, description: String) throws {
        #expect(try BaresipControlAddress(parsing: text).description == description)
    }

    @Test(
        "anything else is refused, saying why",
        arguments: [
            ("0.0.0.0:4444", BaresipAddressError.Problem.notLoopback("0.0.0.0")),
            ("192.168.1.2:4444", .notLoopback("192.168.1.2")),
            ("example.com:4444", .notLoopback("example.com")),
            ("[::]:4444", .notLoopback("::")),
            ("128.0.0.1:4444", .notLoopback("128.0.0.1")),
            ("127.0.0.256:4444", .notLoopback("127.0.0.256")),
            ("127.0.0.1", .noPort),
            ("127.0.0.1:", .badPort),
            ("127.0.0.1:0", .badPort),
            ("127.0.0.1:65536", .badPort),
            ("127.0.0.1:44a", .badPort),
            (":4444", .malformed),
            ("::1:4444", .malformed),
            ("[::1:4444", .malformed),
        ])
    func refused(text: String, problem: BaresipAddressError.Problem) {
        #expect(throws: BaresipAddressError(address: text, problem: problem)) { try BaresipControlAddress(parsing: text) }
    }

    @Test("a refusal says what to do")
    func message() {
        let error = BaresipAddressError(address: "0.0.0.0:4444", problem: .notLoopback("0.0.0.0"))
        #expect(error.description.contains("no authentication"))
        #expect(error.description.contains("ctrl_tcp_listen 127.0.0.1:4444"))
    }
}
