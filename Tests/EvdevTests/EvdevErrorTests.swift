// SPDX-License-Identifier: Apache-2.0

import Evdev
import Glibc
import Testing
import SystemCalls

@Suite("Device error messages")
struct EvdevErrorTests {
    @Test("Permission denied names the device and the two fixes", arguments: [EACCES, EPERM])
    func permissionDenied(errno: Int32) {
        let error = EvdevError(path: "/dev/input/event3", errno: errno, operation: .open)
        #expect(error.kind == .permissionDenied)
        #expect(
            error.message
                == "permission denied opening /dev/input/event3 (\(error.errno.name)): install t9dial's udev rule (udev/), "
                + "or add your user to the group that owns /dev/input/event3: ls -l /dev/input/event3"
        )
        #expect(error.description == error.message)
    }

    @Test(
        "Each errno is its kind, with a message that says what to do",
        arguments: [
            (ENOENT, EvdevError.Operation.open, EvdevError.Kind.noSuchDevice, "is the keypad plugged in?"),
            (ENXIO, .open, .noSuchDevice, "t9dial devices lists them all"),
            (ENOTTY, .open, .notAnInputDevice, "is not an input device (ENOTTY): name an evdev node"),
            (EINVAL, .open, .notAnInputDevice, "/dev/input/by-id/"),
            (ENODEV, .read, .vanished, "vanished (ENODEV): the device was unplugged"),
            (ENODEV, .open, .vanished, "vanished"),
            (EBUSY, .grab, .grabbedElsewhere, "another program has grabbed it (EBUSY)"),
            (EBUSY, .read, .other, "reading /dev/input/event3 failed: Device or resource busy (EBUSY)"),
            (EIO, .read, .other, "reading /dev/input/event3 failed: Input/output error (EIO)"),
            (EINVAL, .read, .other, "Invalid argument (EINVAL)"),
        ]
    )
    func kinds(errno: Int32, operation: EvdevError.Operation, kind: EvdevError.Kind, text: String) {
        let error = EvdevError(path: "/dev/input/event3", errno: errno, operation: operation)
        #expect(error.kind == kind)
        #expect(error.message.contains(text))
        #expect(error.message.contains("/dev/input/event3"))
    }

    @Test("Errno names the macro and the C library's text")
    func errnoText() {
        #expect(Errno(ENODEV).description == "No such device (ENODEV)")
        #expect(Errno(9999).name == "errno 9999")
    }
}
