import Glibc
public import SystemErrors

/// SIGHUP as something to poll: `systemctl reload` runs `kill -HUP` on the service, and its
/// loop reloads the config when this descriptor is readable. The handler only writes a byte to
/// a pipe (the self-pipe trick), which is async-signal-safe and works whatever thread the
/// signal lands on.
///
/// Installing it replaces SIGHUP's default action (ending the process): only a program whose
/// loop polls `descriptor` should install it.
public struct HangUpSignal: ~Copyable {
    /// The pipe's read end, readable once SIGHUP has come.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// The pipe the handler writes to; the handler reads it from this global, set before the
    /// handler is installed and never changed while it is.
    nonisolated(unsafe) private static var handlerPipe: Int32 = -1

    /// Installs the handler. Throws when no pipe can be made (no descriptors left).
    public init() throws(Errno) {
        let ends = try Syscalls.nonBlockingPipe().get()
        descriptor = ends.read
        writeEnd = ends.write
        Self.handlerPipe = writeEnd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            let saved = errno
            _ = Glibc.write(HangUpSignal.handlerPipe, &byte, 1)
            errno = saved
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGHUP, &action, nil)
    }

    deinit {
        signal(SIGHUP, SIG_DFL)
        Self.handlerPipe = -1
        Syscalls.close(descriptor)
        Syscalls.close(writeEnd)
    }

    /// Empties the pipe; whether a SIGHUP had come (several in a row are one reload).
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var received = false
        while Glibc.read(descriptor, &buffer, buffer.count) > 0 { received = true }
        return received
    }
}
