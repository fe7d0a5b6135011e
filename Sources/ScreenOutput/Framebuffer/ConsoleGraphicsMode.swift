// SPDX-License-Identifier: Apache-2.0

import CLinux
import Glibc
import SystemCalls

/// The kernel's text console kept off the framebuffer while t9dial draws on it.
///
/// When the framebuffer is also the console's (an HDMI screen, fbcon on /dev/fb0), the kernel
/// keeps drawing on it: its blinking cursor, and any message to the console. A virtual
/// terminal in graphics mode stops that, as boot splash programs do. The console goes back to
/// text mode when this value goes away (also when a signal stops the program: its loop reads
/// the signals and leaves by its normal path).
public struct ConsoleGraphicsMode: ~Copyable {
    private let descriptor: Int32

    /// Puts the console on `tty` in graphics mode; nil, with `why` saying what to do, when
    /// that is not allowed. (open, ioctl KDSETMODE)
    public init?(tty: String = "/dev/tty0", why: (String) -> Void) {
        let opened = SystemCall.open(tty, O_RDWR | O_CLOEXEC | O_NOCTTY)
        let descriptor = (try? opened.get()) ?? -1
        guard descriptor >= 0, t9dial_set_console_graphics(descriptor, 1) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { SystemCall.close(descriptor) }
            why(
                "cannot keep the kernel console off the screen (\(tty): \(reason)); its cursor may draw over "
                    + "the dialer. Give t9dial the console (run it as the console's user, or with systemd's "
                    + "TTYPath=/dev/tty1), or boot with vt.global_cursor_default=0"
            )
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        _ = t9dial_set_console_graphics(descriptor, 0)
        SystemCall.close(descriptor)
    }
}
