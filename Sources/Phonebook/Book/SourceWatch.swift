// SPDX-License-Identifier: Apache-2.0

import ContactWatch
import struct SystemPackage.FileDescriptor

/// A book's sources watched for changes, or why they cannot be: started before the book is
/// read, and handed to the `LiveBook` that keeps it current once it is loaded. Started after the
/// reading instead, a file edited while a large book was read (half a second for 100,000
/// contacts, longer on a board) went unnoticed until its next change: the change waits in
/// the watch's queue meanwhile, and reloads the book as soon as the loop reads it.
package struct SourceWatch: ~Copyable {
    var watcher: ContactSourceWatcher?
    let problem: ContactWatchError?
    /// The watcher's descriptor, read once here: a noncopyable optional's members cannot be
    /// read where it is only borrowed.
    let descriptor: FileDescriptor?

    /// Starts watching the sources `loader` reads.
    init(_ loader: BookLoader) {
        do {
            let watcher = try ContactSourceWatcher(sources: loader.watchedPaths)
            descriptor = watcher.descriptor
            self.watcher = consume watcher
            problem = nil
        } catch {
            watcher = nil
            descriptor = nil
            problem = error
        }
    }
}
