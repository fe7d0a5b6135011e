// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
#if CardDAV
import CardDAV
#endif
public import ContactWatch
public import DialerConfig
public import DialHistory
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// The contact book kept up to date while t9dial runs: the sources watched
/// (`ContactSourceWatcher`), a reload once a burst of changes has settled (`ReloadSchedule`),
/// run on a thread of its own (`BookLoader.reloadInBackground`), its result handed to the loop.
/// It also ranks the book anew after each dial (`rankAgain()`), and, when the book includes a
/// `[carddav]` address book, syncs it every `interval_min` minutes; a sync that brings changes
/// reloads the book.
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
    private var watcherDescriptor: FileDescriptor?
    private var reloadDescriptor: FileDescriptor?
    /// A new ranking of the book after a dial, and the index it ranks: a reload that ends
    /// first makes it stale.
    private var rerank: BackgroundTask<LoadedBook>?
    private var rerankDescriptor: FileDescriptor?
    private var rerankBase: ObjectIdentifier?
    private var rerankWanted = false
    /// The address book to sync, when the book has one; and the sync under way.
    private let carddav: CardDAVSettings?
    /// The book's CardDAV cache folder, which the sync fills.
    private let syncFolder: String?
    #if CardDAV
    private var sync: BackgroundTask<Result<SyncReport, BookError>>?
    #else
    /// Never a sync in a build without the CardDAV trait, which has no `.synced` source.
    private let sync: Never? = nil
    #endif
    private var syncDescriptor: FileDescriptor?
    /// When the next sync is due; 0, the first `handle`, for the first.
    private var nextSync: Microseconds = 0
    /// How many times the watcher has seen the sources change: a service reload, which reads
    /// them on a thread of its own, compares it before and after to know whether its book is
    /// already out of date.
    package private(set) var changesSeen = 0

    /// What `handle(readable:at:)` brings.
    public struct Update: Sendable {
        /// A reloaded book to search from now on; nil when no reload ended.
        public var book: LoadedBook?
        /// What to tell the user: files that no longer load (and what is kept of them), new
        /// warnings, files that load again, sources that can no longer be watched.
        public var messages: [LogLine] = []
    }

    /// Watches the sources of `loader`, starting from `book` as loaded.
    public init(
        loader: BookLoader, book: LoadedBook, history: DialHistory?, carddav: CardDAVSettings? = nil,
        schedule: ReloadSchedule = ReloadSchedule()
    ) {
        self.init(loader: loader, book: book, history: history, carddav: carddav, schedule: schedule, watch: SourceWatch(loader))
    }

    /// Keeps `book` current with `watch`, started before `book` was read: a change made while
    /// it was read is waiting in the watch, and reloads the book as soon as the loop sees it.
    init(
        loader: BookLoader, book: LoadedBook, history: DialHistory?, carddav: CardDAVSettings?, schedule: ReloadSchedule,
        watch: consuming SourceWatch
    ) {
        self.book = book
        self.loader = loader
        self.history = history
        self.schedule = schedule
        // Synced only when the synced cards are part of this book (not with --contacts).
        syncFolder = loader.sources.lazy.compactMap { if case .synced(let folder) = $0 { folder } else { nil } }.first
        self.carddav = syncFolder != nil && carddav?.url != nil ? carddav : nil
        watchProblem = watch.problem
        watcherDescriptor = watch.descriptor
        watcher = watch.watcher.take()
        reload = nil
        rerank = nil
        #if CardDAV
        sync = nil
        #endif
    }

    /// Watches the sources of `book`, the one searched until a reload. The loop keeps no other
    /// copy of it (it hands each new one to `Book.replaceLoaded(with:)`, or lets `book` go),
    /// so that only one book is held between reloads.
    public init(_ book: Book, schedule: ReloadSchedule = ReloadSchedule()) {
        self.init(book, watch: SourceWatch(book.loader), schedule: schedule)
    }

    /// Keeps `book` current with `watch`, which was started before the book was
    /// read (`SourceWatch`).
    package init(_ book: Book, watch: consuming SourceWatch, schedule: ReloadSchedule = ReloadSchedule()) {
        self.init(
            loader: book.loader, book: book.loaded, history: book.history, carddav: book.configuration.carddav,
            schedule: schedule, watch: watch)
    }

    /// The descriptors to poll for POLLIN: the watcher's, and the running reload's, new
    /// ranking's and sync's.
    public var descriptors: [FileDescriptor] {
        [watcherDescriptor, reloadDescriptor, rerankDescriptor, syncDescriptor].compactMap { $0 }
    }

    /// When the loop must wake at the latest (CLOCK_MONOTONIC microseconds): when the changes
    /// seen have settled, or the next sync is due. Nil when nothing is waiting (what runs
    /// wakes the loop through its descriptor).
    public var deadline: Microseconds? {
        let syncAt = carddav != nil && sync == nil ? nextSync : nil
        let rerankAt: Microseconds? = rerankWanted && rerank == nil && reload == nil ? 0 : nil
        // A reload waits for a sync under way, so it never reads a half-synced cache.
        let reloadAt = sync == nil ? schedule.deadline : nil
        return [reloadAt, syncAt, rerankAt].compactMap { $0 }.min()
    }

    /// Whether a reload, a new ranking or a sync runs on its thread now.
    public var isBusy: Bool {
        reloadDescriptor != nil || rerankDescriptor != nil || syncDescriptor != nil
    }

    /// Notes that the sources changed at `now` where the watcher could not see it (while the
    /// book was read by someone else): the book is reloaded once the changes settle.
    package mutating func sourcesChanged(at now: Microseconds) {
        schedule.changed(at: now)
    }

    /// Asks for the book to be ranked anew from the dial history, after a dial was recorded.
    public mutating func rankAgain() {
        guard history != nil else { return }
        rerankWanted = true
    }

    /// Reads what the watcher saw when its descriptor is among `readable`, takes a reload's
    /// result once it is done, and starts a reload when one is due at `now`.
    public mutating func handle(readable: [FileDescriptor], at now: Microseconds) -> Update {
        var update = Update()
        if let descriptor = watcherDescriptor, readable.contains(descriptor), let report = watcher?.drain() {
            if report.changed {
                schedule.changed(at: now)
                changesSeen += 1
            }
            update.messages += report.problems.map { .warning($0.description) }
        }
        if let result = reload?.result() {
            reload = nil
            reloadDescriptor = nil
            schedule.finished()
            update.messages += result.messages(since: book)
            book = result
            update.book = result
        }
        if let result = rerank?.result() {
            // A reload that ended meanwhile was ranked from the history too, and is newer.
            if rerankBase == ObjectIdentifier(book.index) {
                book = result
                update.book = result
            }
            rerank = nil
            rerankDescriptor = nil
            rerankBase = nil
        }
        #if CardDAV
        if let outcome = sync?.result() {
            sync = nil
            syncDescriptor = nil
            update.messages += syncMessages(outcome)
            // The watcher sees the new cards too; this also covers a book that is not watched.
            if case .success(let report) = outcome, report.added + report.changed + report.deleted > 0 {
                schedule.changed(at: now)
            }
        }
        startSyncIfDue(at: now, update: &update)
        #endif
        startRerankIfWanted(update: &update)
        if sync == nil, schedule.startIfDue(at: now) {
            do {
                let task = try loader.reloadInBackground(keeping: book, history: history)
                rerankWanted = false  // the reload ranks from the history as it is now
                reloadDescriptor = task.readinessDescriptor
                reload = consume task
            } catch {
                schedule.finished()  // tried again after the next change
                update.messages.append(.error("cannot reload the contacts: no thread could be started to read them (\(error))"))
            }
        }
        return update
    }

    private mutating func startRerankIfWanted(update: inout Update) {
        // One at a time, and not while a reload (which ranks from the history anyway) runs.
        guard rerankWanted, rerank == nil, reload == nil else { return }
        rerankWanted = false
        let base = book, history = history
        do {
            let task = try BackgroundTask(name: "t9dial-rank") { base.reranked(history: history) }
            rerankBase = ObjectIdentifier(base.index)
            rerankDescriptor = task.readinessDescriptor
            rerank = consume task
        } catch {
            update.messages.append(.error("cannot rank the contacts anew: no thread could be started (\(error))"))
        }
    }

    #if CardDAV
    private mutating func startSyncIfDue(at now: Microseconds, update: inout Update) {
        guard let carddav, let syncFolder, sync == nil, now >= nextSync else { return }
        nextSync = now + Microseconds(carddav.intervalMinutes) * 60_000_000
        do {
            let task = try BackgroundTask(name: "t9dial-sync") { () -> Result<SyncReport, BookError> in
                Result { () throws(BookError) in try SyncedContacts.sync(carddav, configFile: nil, into: syncFolder) }
            }
            syncDescriptor = task.readinessDescriptor
            sync = consume task
        } catch {
            update.messages.append(.error("cannot sync the address book: no thread could be started (\(error))"))
        }
    }

    /// What to log of a sync: what it brought, or why it failed (the cached cards stay).
    private func syncMessages(_ outcome: Result<SyncReport, BookError>) -> [LogLine] {
        let address = carddav?.url ?? ""
        switch outcome {
        case .success(let report):
            let changes = report.added + report.changed + report.deleted
            return report.warnings.map { .warning("\($0)") }
                + (changes == 0 ? [] : [.info("synced \(address): \(report.added) added, \(report.changed) changed, \(report.deleted) deleted")])
        case .failure(let error):
            return [.warning("sync of \(address) failed, the last synced cards are kept: \(error)")]
        }
    }
    #endif
}
