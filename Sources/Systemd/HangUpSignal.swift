import Glibc
public import SystemErrors

/// SIGHUP as something to poll: `systemctl reload` runs `kill -HUP` on the service, and its
/// loop reloads the config when this descriptor is readable. The handler only writes a byte to
/// the pipe of each `HangUpSignal` alive (the self-pipe trick), which is async-signal-safe and
/// works whatever thread the signal lands on.
///
/// The first one made installs the handler, which stays: SIGHUP no longer ends the process,
/// also once no `HangUpSignal` is left. Only a program whose loop polls `descriptor` should
/// make one.
public struct HangUpSignal: ~Copyable {
    /// The pipe's read end, readable once SIGHUP has come.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// How many can be alive at once (one per loop; tests make a few).
    static let capacity = 8

    /// Makes a pipe and has the handler write to it. Throws when no pipe can be made (no
    /// descriptors left) or `capacity` are alive.
    public init() throws(Errno) {
        let ends = try Syscalls.nonBlockingPipe().get()
        let table = Self.table
        let added = Self.withHangUpBlocked { () -> Bool in
            guard let slot = (0..<Self.capacity).first(where: { table[$0] < 0 }) else { return false }
            table[slot] = ends.write
            return true
        }
        guard added else {
            Syscalls.close(ends.read)
            Syscalls.close(ends.write)
            throw Errno(EMFILE)
        }
        descriptor = ends.read
        writeEnd = ends.write
        Self.installHandler()
    }

    deinit {
        let table = Self.table, writeEnd = writeEnd
        Self.withHangUpBlocked {
            for slot in 0..<Self.capacity where table[slot] == writeEnd { table[slot] = -1 }
        }
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

    /// The write ends the handler writes to, -1 for a free slot; allocated once, never freed.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<Int32> = {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        table.initialize(repeating: -1, count: capacity)
        return table
    }()

    nonisolated(unsafe) private static var installed = false

    /// Installs the handler, once. (sigaction)
    private static func installHandler() {
        withHangUpBlocked {
            guard !installed else { return }
            installed = true
            hangUpTable = table
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in HangUpSignal.deliver() }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(SIGHUP, &action, nil)
        }
    }

    /// What the handler does: a byte down every pipe. Only async-signal-safe calls. Tests call
    /// it directly: a real SIGHUP in a test process could meet another test's handler.
    static func deliver() {
        guard let table = hangUpTable else { return }
        let saved = errno
        var byte: UInt8 = 1
        for slot in 0..<HangUpSignal.capacity where table[slot] >= 0 { _ = Glibc.write(table[slot], &byte, 1) }
        errno = saved
    }

    /// Runs `body` with SIGHUP blocked on this thread, so the handler never sees a slot half
    /// changed. (pthread_sigmask)
    private static func withHangUpBlocked<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}

/// The table as the handler reads it: a plain global with a constant initial value (nil), set
/// before the handler is installed, so the handler touches no lazily made global.
nonisolated(unsafe) private var hangUpTable: UnsafeMutablePointer<Int32>? = nil
