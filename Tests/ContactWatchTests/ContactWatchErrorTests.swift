// SPDX-License-Identifier: Apache-2.0

@testable import ContactWatch
import Glibc
import SystemCalls
import Testing

@Suite("Contact watch errors")
struct ContactWatchErrorTests {
    static let cases: [(Int32, Int?, [String])] = [
        (
            ENOSPC, 8192,
            [
                "watching /home/me/cards (inotify_add_watch) failed: No space left on device (ENOSPC)",
                "fs.inotify.max_user_watches (now 8192)", "sysctl fs.inotify.max_user_watches=524288", "/etc/sysctl.d/",
            ]
        ),
        (ENOSPC, nil, ["(fs.inotify.max_user_watches)", "sysctl fs.inotify.max_user_watches="]),
        (EMFILE, 128, ["fs.inotify.max_user_instances (now 128)", "ulimit -n", "LimitNOFILE="]),
        (ENFILE, nil, ["fs.file-max"]),
        (EACCES, nil, ["may not read that folder", "chmod a+rx"]),
        (EINVAL, nil, ["failed: Invalid argument (EINVAL). Until then"]),
    ]

    @Test("Each failure says what to do, and that t9dial goes on reading contacts at start only", arguments: cases)
    func messages(code: Int32, limit: Int?, expected: [String]) {
        let error = ContactWatchError(operation: "watching /home/me/cards (inotify_add_watch)", errno: Errno(code), limitValue: limit)
        #expect(error.description.hasPrefix("cannot watch the contacts for changes: watching /home/me/cards (inotify_add_watch) failed: "))
        for text in expected {
            #expect(error.description.contains(text), "\(text) in \(error.description)")
        }
        #expect(error.description.hasSuffix("Until then t9dial reads the contacts only when it starts; restart it after changing them."))
    }

    @Test func theLimitIsReadFromTheKernelWhenThereIsOne() {
        let error = ContactWatchError(operation: "starting (inotify_init1)", errno: Errno(ENOSPC))
        #expect(error.limitName == "fs.inotify.max_user_watches")
        #expect(error.limitValue == Syscalls.kernelSetting("/proc/sys/fs/inotify/max_user_watches"))
        #expect(ContactWatchError(operation: "x", errno: Errno(EACCES)).limitName == nil)
    }

    @Test func aFolderThatCannotBeWatchedStopsTheWatcherFromStarting() throws {
        // A name longer than a file name may be: the kernel refuses to watch it.
        let name = String(repeating: "n", count: 300)
        let error = #expect(throws: ContactWatchError.self) {
            _ = try ContactSourceWatcher(sources: ["/tmp/" + name + "/cards"])
        }
        #expect(error?.errno == Errno(ENAMETOOLONG))
        #expect(error?.description.contains("watching /tmp/\(name)") == true)
    }
}
