// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
package import InputEvents
package import struct SystemPackage.FileDescriptor

/// The book read at start on a thread of its own, so that the dialer shows its first screen at
/// once and says how far the loading has got ("Loading contacts… 42%"), instead of nothing
/// for the seconds a large book takes on a board. Keys typed meanwhile are kept, and searched
/// in the book once it is loaded.
///
/// The loop waits on `descriptor` (tagged `.startupLoad`), which is readable once the book is
/// read or could not be, and wakes at `nextProgress` to show the new percentage: a timer that
/// runs only while the book loads.
package final class StartupLoad {
    /// The book being read, with its contacts still empty (`Book.prepareOrEmpty`).
    package let book: Book
    package let progress: LoadProgress
    package let descriptor: FileDescriptor
    private let task: BackgroundTask<Result<LoadedBook, BookError>>
    /// The book's sources, watched from before the reading began (`takeWatch()`).
    private var watch: SourceWatch?
    /// When the percentage shown is next brought up to date.
    package private(set) var nextProgress: Microseconds

    /// How often the percentage shown is brought up to date: often enough to see it move, not
    /// so often that a slow display (a framebuffer on SPI) spends the load redrawing.
    package static let progressInterval: Microseconds = 250_000

    /// Starts reading `book`'s contacts. The text search (multi-tap) is built there too, and what
    /// the first keys touch is warmed up (`SearchIndex.prepareForKeys`): no key waits once the
    /// book is loaded.
    package init(_ book: Book, resultLimit: Int, now: Microseconds) throws(BookError) {
        // Watched first: a file edited while the book is read is then seen, once it is loaded.
        watch = SourceWatch(book.loader)
        let progress = book.loader.progress()
        do {
            task = try BackgroundTask(name: "t9dial-load") { () -> Result<LoadedBook, BookError> in
                Result { () throws(BookError) in
                    let loaded = try book.loadBook(progress: progress)
                    loaded.index.prepareForKeys(resultLimit: resultLimit)
                    return loaded
                }
            }
        } catch {
            throw .threadNotStarted(error, for: "read the contacts")
        }
        self.book = book
        self.progress = progress
        descriptor = task.readinessDescriptor
        nextProgress = now + Self.progressInterval
    }

    /// The watch of the book's sources, started before the reading, for the `LiveBook` that
    /// keeps the book current once it is loaded. Taken once; a second taker gets a watch started
    /// then.
    package func takeWatch() -> SourceWatch {
        if let watch = watch.take() { return watch }
        return SourceWatch(book.loader)
    }

    /// The book, or why it could not be read, once the reading is over; nil before.
    package func result() -> Result<LoadedBook, BookError>? {
        task.result()
    }

    /// Waits for the reading to be over.
    package func waitForResult() -> Result<LoadedBook, BookError> {
        task.waitForResult()
    }

    /// The percentage to show when the timer is due at `now`, and sets the next one; nil
    /// when not yet due.
    package func percentDue(at now: Microseconds) -> Int? {
        guard now >= nextProgress else { return nil }
        nextProgress = now + Self.progressInterval
        return progress.percent
    }
}
