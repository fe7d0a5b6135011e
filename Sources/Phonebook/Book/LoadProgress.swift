// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization

/// How far a book being loaded has got, as a percentage, shared between the threads that read
/// and index it and whoever shows it: the loop reads `percent` when its timer says, and a
/// one-off command may be told each new percent (`onChange`).
///
/// Reading the files is counted in bytes, against the sizes of the files to read taken
/// before they are read; indexing in its own steps. The two are weighed as the
/// 100,000-contact book takes them (`readingShare`): the percentage is a fair estimate, it
/// only ever grows, and it is 100 only once the book is indexed.
public final class LoadProgress: Sendable {
    /// The share of the load that reading the files takes; indexing takes the rest.
    static let readingShare = 0.4

    private let totalBytes: Int
    private let bytesRead = Atomic<Int>(0)
    /// Thousandths of the indexing done.
    private let indexed = Atomic<Int>(0)
    private let shown = Atomic<Int>(-1)
    private let onChange: (@Sendable (Int) -> Void)?

    /// Progress over files of `totalBytes` bytes in all; `onChange` is told each new
    /// percentage, from the thread that made it.
    public init(totalBytes: Int, onChange: (@Sendable (_ percent: Int) -> Void)? = nil) {
        self.totalBytes = max(totalBytes, 1)
        self.onChange = onChange
    }

    /// Progress over the files of `paths`, a folder counting as its contact files.
    public convenience init(reading paths: [String], onChange: (@Sendable (_ percent: Int) -> Void)? = nil) {
        self.init(totalBytes: paths.reduce(0) { $0 + Self.size(of: $1) }, onChange: onChange)
    }

    /// The percentage done, from 0 to 100.
    public var percent: Int {
        let reading = min(Double(bytesRead.load(ordering: .relaxed)) / Double(totalBytes), 1)
        let indexing = Double(indexed.load(ordering: .relaxed)) / 1000
        return min(Int((Self.readingShare * reading + (1 - Self.readingShare) * indexing) * 100), 100)
    }

    /// For `ContactImporter.read(path:progress:parts:add:)`.
    var reading: @Sendable (Int) -> Void {
        { [self] bytes in
            bytesRead.add(bytes, ordering: .relaxed)
            tell()
        }
    }

    /// For `SearchIndex(table:alphabet:options:affinity:progress:)`.
    var indexing: @Sendable (Double) -> Void {
        { [self] fraction in
            // Reading is over once indexing starts, whatever the files' sizes said.
            bytesRead.store(totalBytes, ordering: .relaxed)
            indexed.store(Int(fraction * 1000), ordering: .relaxed)
            tell()
        }
    }

    private func tell() {
        guard let onChange else { return }
        let now = percent
        // Only the thread that moves the percentage on tells it, so each is told once.
        var last = shown.load(ordering: .relaxed)
        while now > last {
            let (exchanged, original) = shown.compareExchange(expected: last, desired: now, ordering: .relaxed)
            if exchanged { return onChange(now) }
            last = original
        }
    }

    /// The bytes of the file at `path`, or of a folder's contact files; 0 for what cannot be
    /// read (the load says why).
    private static func size(of path: String) -> Int {
        let files = (try? ContactSources.files(at: path)) ?? [path]
        return files.reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }
}
