import Glibc
import SystemErrors

/// The libc calls of the Evdev module, one line each, so every system call the module makes
/// is listed here.
enum Syscalls {
    /// Opens a file; retried when a signal interrupts it. (open)
    static func open(_ path: String, _ flags: Int32) -> Result<Int32, Errno> {
        while true {
            let result = valueOrErrno(Glibc.open(path, flags))
            if case .failure(let error) = result, error.rawValue == EINTR { continue }
            return result
        }
    }

    /// Closes a descriptor. Not retried on EINTR: on Linux the descriptor is gone either way.
    /// (close)
    @discardableResult
    static func close(_ descriptor: Int32) -> Result<Int32, Errno> {
        valueOrErrno(Glibc.close(descriptor))
    }
}
