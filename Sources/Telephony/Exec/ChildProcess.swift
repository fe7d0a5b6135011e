// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// A program started by `ExecProgram`, leading a process group of its own, with the read end of
/// the pipe its stderr goes to. Owns both: if it is dropped before it was reaped, its whole group
/// is killed and reaped, so it never leaves a zombie or a stray process behind.
struct ChildProcess: ~Copyable {
    let pid: pid_t
    private let standardError: FileDescriptor
    /// Readable once the program has ended (pidfd); nil on a kernel too old for it, where the
    /// waits are cut into steps to look again.
    private let ending: FileDescriptor?
    private var reaped = false
    private var standardErrorOpen = true

    /// Starts `arguments` with stderr on a pipe this value reads.
    static func start(_ arguments: [String]) -> Result<ChildProcess, Errno> {
        let pipe: (read: FileDescriptor, write: FileDescriptor)
        switch ChildSyscalls.nonBlockingPipe() {
        case .success(let ends): pipe = ends
        case .failure(let error): return .failure(error)
        }
        let spawned = ChildSyscalls.spawn(arguments, standardError: pipe.write)
        SystemCall.close(pipe.write)
        switch spawned {
        case .success(let pid): return .success(ChildProcess(pid: pid, standardError: pipe.read))
        case .failure(let error):
            SystemCall.close(pipe.read)
            return .failure(error)
        }
    }

    private init(pid: pid_t, standardError: FileDescriptor) {
        self.pid = pid
        self.standardError = standardError
        self.ending = ChildSyscalls.processDescriptor(pid)
    }

    /// Whether a wait wakes as soon as the program ends; else it must be cut into short steps.
    var wakesWhenEnded: Bool { ending != nil }

    deinit {
        if !reaped {
            ChildSyscalls.signalGroup(pid, SIGKILL)
            _ = ChildSyscalls.reap(pid)
        }
        SystemCall.close(standardError)
        if let ending { SystemCall.close(ending) }
    }

    /// Whether the program has ended (it is not reaped yet, so its group can still be signalled).
    var hasEnded: Bool {
        switch ChildSyscalls.hasEnded(pid) {
        case .success(let ended): ended
        case .failure: true  // ECHILD: nothing left to wait for
        }
    }

    /// Waits up to `milliseconds` for stderr output or the program's end, and adds what came to
    /// `tail`.
    mutating func collectStandardError(into tail: inout OutputTail, waiting milliseconds: Int32) {
        ChildSyscalls.waitReadable([standardErrorOpen ? standardError : nil, ending], milliseconds: milliseconds)
        drainStandardError(into: &tail)
    }

    /// Adds what stderr holds now to `tail`, without waiting.
    mutating func drainStandardError(into tail: inout OutputTail) {
        guard standardErrorOpen else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let result = buffer.withUnsafeMutableBytes { SystemCall.read(standardError, $0) }
            switch result {
            case .success(0):
                standardErrorOpen = false
                return
            case .success(let count):
                buffer.withUnsafeBytes { tail.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            case .failure:
                return  // EAGAIN: nothing more for now
            }
        }
    }

    /// Sends `signal` to the program and everything it started.
    func signal(_ signal: Int32) {
        ChildSyscalls.signalGroup(pid, signal)
    }

    /// Waits for the program to end and reaps it; returns its wait status (nil if it was
    /// already reaped elsewhere).
    mutating func reap() -> Int32? {
        reaped = true
        return try? ChildSyscalls.reap(pid).get()
    }
}
