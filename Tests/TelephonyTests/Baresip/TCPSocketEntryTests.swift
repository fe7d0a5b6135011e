// SPDX-License-Identifier: Apache-2.0

import Testing
import Telephony

/// The kernel's socket table as t9dial reads it to find who listens on, and who is connected
/// to, baresip's control port (4444, 0x115C).
@Suite("The kernel's TCP socket table")
struct TCPSocketEntryTests {
    static let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:115C 00000000:0000 0A 00000000:00000000 00:00000000 00000000   107        0 2 1 0 100 0 0 10 0
           1: 0100007F:115C 0100007F:C350 01 00000000:00000000 00:00000000 00000000   107        0 3 1 0 100 0 0 10 0
           2: 0100007F:C350 0100007F:115C 01 00000000:00000000 00:00000000 00000000  1000        0 4 1 0 100 0 0 10 0
           3: 0100007F:115C 0100007F:C351 06 00000000:00000000 00:00000000 00000000     0        0 0 1 0 100 0 0 10 0
           4: not a socket line
        """

    @Test("listeners, connections with their far port, and other states, each as the kernel wrote it")
    func parse() {
        let entries = TCPSocketEntry.parse(Self.table)
        #expect(entries.map(\.port) == [4444, 4444, 50000, 4444])
        #expect(entries.map(\.remotePort) == [0, 50000, 4444, 50001])
        #expect(entries.map(\.state) == [.listening, .established, .established, .other])
        #expect(entries.allSatisfy { $0.isLoopback && $0.host == "127.0.0.1" })
    }

    @Test("this machine's tables read")
    func kernel() throws {
        let entries = try #require(TCPSocketEntry.readKernelTables())
        #expect(entries.allSatisfy { $0.host.isEmpty == false })
    }
}
