// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite("t9dial udev-rule")
struct UdevRuleCommandTests {
    @Test("A missing device is an error that says what to check, and no rule is printed")
    func missingDevice() throws {
        let output = try T9DialProcess.run(["udev-rule", "--device", "/dev/input/by-id/no-such-keypad"])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("no such device: /dev/input/by-id/no-such-keypad (ENOENT); is the keypad plugged in?"))
    }

    @Test("--device is required")
    func deviceRequired() throws {
        let output = try T9DialProcess.run(["udev-rule"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--device"))
    }
}
