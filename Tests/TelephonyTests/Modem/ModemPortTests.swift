// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import Telephony
import Testing

@Suite struct ModemPortTests {
    @Test func aFileThatIsNotATerminalIsRefused() {
        #expect(throws: ModemError(device: "/dev/null", operation: .configure, errno: Errno(ENOTTY))) {
            _ = try ModemPort(device: "/dev/null")
        }
        let message = ModemError(device: "/dev/ttyUSB2", operation: .open, errno: Errno(EACCES)).description
        #expect(message.contains("/dev/ttyUSB2") && message.contains("dialout"))
    }

    @Test(arguments: [9600, 115_200, 921_600])
    func supportedSpeeds(baud: Int) {
        #expect(ModemBaud(bitsPerSecond: baud)?.bitsPerSecond == baud)
    }

    @Test(arguments: [0, 300, 12345, 1_000_000])
    func unsupportedSpeeds(baud: Int) {
        #expect(ModemBaud(bitsPerSecond: baud) == nil)
    }

    @Test(arguments: [
        ("OK", FinalResultCode?.some(.ok)),
        (" ok ", .ok),
        ("CONNECT 9600", .connect),
        ("RING", nil),
        ("+CREG: 1,\"00C3\"", nil),
        ("^BOOT:1,0,0,0,75", nil),
        ("", nil),
        ("+CMS ERROR: 500", .error("+CMS ERROR: 500")),
    ])
    func linesAreClassified(line: String, code: FinalResultCode?) {
        switch ModemLine(line) {
        case .final(let found): #expect(found == code)
        case .other: #expect(code == nil)
        }
    }
}
