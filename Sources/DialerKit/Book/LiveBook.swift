import BackgroundWork
public import ContactWatch
public import DialerEngine
public import DialHistory

/// The contact book kept up to date while t9dial runs: the sources watched
/// (`ContactSourceWatcher`), a reload once a burst of changes has settled (`ReloadSchedule`),
/// run on a thread of its own (`BookLoader.reloadInBackground`), its result handed to the loop.
///
/// The loop adds `descriptors` to its poll set, wakes at `deadline` at the latest, and calls
/// `handle(readable:at:)` each time it wakes; when that returns a book, the loop searches it
/// from then on (the query and history stay the loop's). When the sources cannot be watched,
/// `watchProblem` says why and the book stays as loaded.
public struct LiveBook: ~Copyable {
    /// The book searched now.
    public private(set) var book: LoadedBook
    /// Why the sources are not watched; nil when they are.
    public let watchProblem: ContactWatchError?
    private let loader: BookLoader
    private let history: DialHistory?
    private var watcher: ContactSourceWatcher?
    private var schedule: ReloadSchedule
    private var reload: BackgroundTask<LoadedBook>?
    /// The descriptors of `watcher` and `reload`, kept beside them: a noncopyable optional's
    /// members cannot be read where the value is only borrowed.
    private var watcherDescriptor: Int32?
    private var reloadDescriptor: Int32?

    /// What `handle(readable:at:)` brings.
    public struct Update: Sendable {
        /// A reloaded book to search from now on; nil when no reload ended.
        public var book: LoadedBook?
        /// What to tell the user: files that no longer load (and what is kept of them), new
        /// warnings, files that load again, sources that can no longer be watched.
        public var messages: [String] = []
    }

    /// Watches the sources of `loader`, starting from `book` as loaded.
    public init(loader: BookLoader, book: LoadedBook, history: DialHistory?, schedule: ReloadSchedule = ReloadSchedule()) {
        self.book = book
        self.loader = loader
        self.history = history
        self.schedule = schedule
        do {
            let watcher = try ContactSourceWatcher(sources: loader.watchedPaths)
            watcherDescriptor = watcher.descriptor
            self.watcher = consume watcher
            watchProblem = nil
        } catch {
            watcher = nil
            watchProblem = error
        }
        reload = nil
    }

    /// Watches the sources of the dialer's book. The dialer's book is the one searched until a
    /// reload; the loop should not keep another copy of it (`Dialer.adopt(_:)` the new ones, or
    /// let the dialer go), so that only one book is held between reloads.
    public init(_ dialer: Dialer, schedule: ReloadSchedule = ReloadSchedule()) {
        self.init(loader: dialer.loader, book: dialer.book, history: dialer.history, schedule: schedule)
    }

    /// The descriptors to poll for POLLIN: the watcher's, and the running reload's.
    public var descriptors: [Int32] {
        [watcherDescriptor, reloadDescriptor].compactMap { $0 }
    }

    /// When the loop must wake at the latest (CLOCK_MONOTONIC microseconds): when the changes
    /// seen have settled. Nil when nothing is waiting (or a reload runs: its descriptor wakes it).
    public var deadline: Microseconds? { schedule.deadline }

    /// Reads what the watcher saw when its descriptor is among `readable`, takes a reload's
    /// result once it is done, and starts a reload when one is due at `now`.
    public mutating func handle(readable: [Int32], at now: Microseconds) -> Update {
        var update = Update()
        if let descriptor = watcherDescriptor, readable.contains(descriptor), let report = watcher?.drain() {
            if report.changed { schedule.changed(at: now) }
            update.messages += report.problems.map(\.description)
        }
        if let result = reload?.result() {
            reload = nil
            reloadDescriptor = nil
            schedule.finished()
            update.messages += result.messages(since: book)
            book = result
            update.book = result
        }
        if schedule.startIfDue(at: now) {
            do {
                let task = try loader.reloadInBackground(keeping: book, history: history)
                reloadDescriptor = task.readinessDescriptor
                reload = consume task
            } catch {
                schedule.finished()  // tried again after the next change
                update.messages.append("cannot reload the contacts: no thread could be started to read them (\(error))")
            }
        }
        return update
    }
}
