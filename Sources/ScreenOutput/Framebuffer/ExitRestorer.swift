import CLinux
import Glibc

/// Puts the console back when t9dial is stopped by a signal: SIGTERM (systemd stopping it),
/// SIGINT (Ctrl-C) and SIGHUP (its terminal closing) copy each registered framebuffer's saved
/// contents back over its memory, then end the process by the same signal, with its default
/// action: so systemd sees a service stopped by SIGTERM (a clean stop, result "success"), not a
/// failed exit status 143 (result "exit-code", the unit "failed"), and a shell sees 128 + signal
/// as before.
///
/// A signal handler may only do async-signal-safe work, so the handler reads a fixed table of
/// raw pointers and lengths made before any handler is installed, and calls only `memcpy` and
/// `_exit`: no allocation, no locks, no Swift runtime calls beyond reading a global that is
/// already initialised. The table is changed with these signals blocked, so a handler never
/// sees half an entry. A device leaving the table (its deinit) stops being restored before its
/// memory is unmapped.
public enum ExitRestorer {
    /// The signals handled: SIGTERM, SIGINT and SIGHUP, or the first two after
    /// `leaveHangUpToTheProgram()`.
    nonisolated(unsafe) public private(set) static var signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Leaves SIGHUP to the program, which reloads on it (a service: `systemctl reload` sends
    /// it). Call it before anything is registered: the handlers are installed once.
    public static func leaveHangUpToTheProgram() {
        guard !installed else { return }
        signals = [SIGTERM, SIGINT]
    }

    /// How many devices can be registered at once.
    static let capacity = 4

    /// One framebuffer to put back: `length` bytes from `source` (the saved copy) to `target`
    /// (the mapped visible area). A null target is a free slot.
    struct Entry {
        var target: UnsafeMutableRawPointer?
        var source: UnsafeRawPointer?
        var length: Int
    }

    /// The table the handler reads; allocated once and never freed.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<Entry> = {
        let table = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        table.initialize(repeating: Entry(target: nil, source: nil, length: 0), count: capacity)
        return table
    }()

    /// A console (virtual terminal) put in graphics mode, to put back in text mode on a signal;
    /// -1 for none. Set with the signals blocked.
    nonisolated(unsafe) static var console: Int32 = -1

    /// Puts `descriptor`'s console back in text mode on SIGTERM, SIGINT or SIGHUP (-1: none).
    static func registerConsole(_ descriptor: Int32) {
        withSignalsBlocked { console = descriptor }
        installHandlers()
    }

    /// Whether the handlers are in place.
    nonisolated(unsafe) static var installed = false

    /// Restores `device`'s saved contents if the process is stopped by SIGTERM, SIGINT or
    /// SIGHUP, installing the handlers the first time. Returns false when the table is full
    /// (more than four framebuffers). The registration ends when the device goes away.
    /// Installing replaces any handlers already set for these signals, and the process ends
    /// on them. (sigaction, pthread_sigmask)
    @discardableResult
    public static func register(_ device: borrowing FramebufferDevice) -> Bool {
        let target = device.visibleMemory, source = device.savedContents
        return register(target: target.baseAddress!, source: source.baseAddress!, length: min(target.count, source.count))
    }

    /// Registers a raw copy to make on a signal (tests use plain memory). See `register(_:)`.
    static func register(target: UnsafeMutableRawPointer, source: UnsafeRawPointer, length: Int) -> Bool {
        let table = table
        let added = withSignalsBlocked { () -> Bool in
            for index in 0..<capacity where table[index].target == nil || table[index].target == target {
                table[index] = Entry(target: target, source: source, length: length)
                return true
            }
            return false
        }
        if added { installHandlers() }
        return added
    }

    /// Stops restoring the memory at `target`; nothing when it is not registered.
    static func forget(target: UnsafeMutableRawPointer?) {
        guard let target else { return }
        let table = table
        withSignalsBlocked {
            for index in 0..<capacity where table[index].target == target {
                table[index] = Entry(target: nil, source: nil, length: 0)
            }
        }
    }

    /// Copies every registered saved copy back, as the handler does; for tests and for a normal
    /// exit path that wants the same behaviour without a signal.
    static func restoreAll() {
        restoreAll(table)
    }

    /// The copies, from a table pointer passed in so the handler touches no lazy global.
    private static func restoreAll(_ table: UnsafeMutablePointer<Entry>) {
        for index in 0..<capacity {
            let entry = table[index]
            if let target = entry.target, let source = entry.source { memcpy(target, source, entry.length) }
        }
    }

    /// The registered entries, for tests.
    static var registeredTargets: [UnsafeMutableRawPointer] {
        (0..<capacity).compactMap { table[$0].target }
    }

    /// Installs the handler for each signal, once. (sigaction)
    private static func installHandlers() {
        withSignalsBlocked {
            guard !installed else { return }
            installed = true
            handlerTable = table
            for signal in signals {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { signal in
                    if let table = handlerTable { ExitRestorer.restoreAll(table) }
                    // ioctl is async-signal-safe: the console shows text again.
                    if ExitRestorer.console >= 0 { _ = t9dial_set_console_graphics(ExitRestorer.console, 0) }
                    // End by the signal itself: its default action, unblocked (the handler
                    // runs with it blocked). _exit only if that ever returns. signal,
                    // sigprocmask and raise are async-signal-safe.
                    _ = Glibc.signal(signal, SIG_DFL)
                    var unblock = sigset_t()
                    sigemptyset(&unblock)
                    sigaddset(&unblock, signal)
                    sigprocmask(SIG_UNBLOCK, &unblock, nil)
                    raise(signal)
                    _exit(128 + signal)
                }
                sigemptyset(&action.sa_mask)
                for other in signals { sigaddset(&action.sa_mask, other) }
                action.sa_flags = 0
                sigaction(signal, &action, nil)
            }
        }
    }

    /// Runs `body` with the handled signals blocked on this thread. (pthread_sigmask)
    @discardableResult
    private static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}

/// The table as the signal handler reads it: a plain global with a constant initial value
/// (nil), set before the first handler is installed.
nonisolated(unsafe) private var handlerTable: UnsafeMutablePointer<ExitRestorer.Entry>? = nil
