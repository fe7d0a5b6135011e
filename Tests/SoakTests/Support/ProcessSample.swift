// SPDX-License-Identifier: Apache-2.0

import Foundation
import CLinux
import Glibc

/// What the process holds at one moment, read from /proc/self: the anonymous memory it has
/// touched (RssAnon, the heap and the threads' stacks, which a leak grows), its open
/// descriptors and its threads.
struct ProcessSample: Sendable, Equatable {
    /// RssAnon of /proc/self/status, in kilobytes.
    var anonymousKilobytes: Int
    /// What malloc has handed out and not had back, in kilobytes: the heap the program holds,
    /// whatever the allocator keeps of freed memory or gives back to the system.
    var heapKilobytes: Int
    /// The entries of /proc/self/fd.
    var descriptors: Int
    /// The threads of /proc/self/task but libdispatch's pool workers.
    var threads: Int
    /// libdispatch's pool workers: it starts them for work queued (Foundation's, GRDB's) and
    /// ends them once they have been idle a few seconds of wall time, so how many are alive
    /// at a sample depends on the machine's speed, not on the program.
    var poolThreads: Int

    /// The process now.
    static func now() -> ProcessSample {
        let names = threadNames()
        let pool = names.filter(isPoolThread).count
        return ProcessSample(
            anonymousKilobytes: anonymousKilobytes(), heapKilobytes: heapKilobytes(), descriptors: entries(of: "/proc/self/fd"),
            threads: names.count - pool, poolThreads: pool)
    }

    /// The bytes in use in malloc's arenas and in its own mappings, in kilobytes. (mallinfo2)
    static func heapKilobytes() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd) / 1024
    }

    /// Whether a thread named `name` is one of libdispatch's pool workers, which it names
    /// after their queue ("com.apple.root.default-qos.overcommit", of which the kernel keeps
    /// 15 bytes).
    static func isPoolThread(_ name: String) -> Bool {
        name.contains("qos") || name.hasPrefix("com.apple.root")
    }

    /// RssAnon, in kilobytes; -1 when /proc/self/status has none.
    static func anonymousKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("RssAnon:") {
            let digits = line.dropFirst("RssAnon:".count).filter(\.isNumber)
            return Int(digits) ?? -1
        }
        return -1
    }

    /// The names of the process's threads (/proc/self/task/*/comm), sorted.
    static func threadNames() -> [String] {
        names(in: "/proc/self/task").compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }.sorted()
    }

    /// What each open descriptor is (the target of its /proc/self/fd link), sorted.
    static func descriptorTargets() -> [String] {
        names(in: "/proc/self/fd").compactMap { descriptor in
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }.sorted()
    }

    /// How many entries `directory` has, not counting the descriptor that reads it.
    private static func entries(of directory: String) -> Int {
        let count = names(in: directory).count
        return directory == "/proc/self/fd" ? count - 1 : count
    }

    /// The entries of `directory`, without "." and "..". (opendir, readdir)
    private static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
