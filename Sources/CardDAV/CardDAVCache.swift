// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A folder holding a synced address book for offline use: one `.vcf` file per card and
/// `sync-state.json` (`CardDAVCacheState`). The caller chooses the folder, normally inside
/// t9dial's state directory, and adds it to the contact sources.
///
/// Every file is replaced atomically (written to a temporary file, then renamed). An update
/// writes the new and changed cards first, the state file second, and removes deleted cards
/// last, so the state file always describes cards that are on disk; a card file written by an
/// update that failed before its state file is not in the state, is left out of
/// `cachedCards()` and is removed by the next successful update.
public struct CardDAVCache: Sendable {
    /// The folder's path.
    public let folder: String

    /// The state file's name inside the folder.
    public static let stateFileName = "sync-state.json"

    public init(folder: String) {
        self.folder = folder
    }

    /// The state of the last successful sync; an empty state when the folder has none yet.
    public func state() throws(CardDAVError) -> CardDAVCacheState {
        let path = statePath
        guard FileManager.default.fileExists(atPath: path) else { return CardDAVCacheState() }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try JSONDecoder().decode(CardDAVCacheState.self, from: data)
        } catch {
            throw .cache(path: path, reason: "unreadable state file (\(error)); delete it to sync again from scratch")
        }
    }

    /// The paths of the cached cards' `.vcf` files, sorted: the cards of the last successful
    /// sync (none when the folder has never been synced or its state is unreadable).
    public func cachedCards() -> [String] {
        guard let state = try? state() else { return [] }
        return state.cards.values.map { folder + "/" + $0.file }
            .filter { FileManager.default.fileExists(atPath: $0) }
            .sorted()
    }

    /// Writes `cards` (file name to vCard data), then `state`, then removes every `.vcf` file
    /// that `state` does not name.
    func update(writing cards: [String: Data], state: CardDAVCacheState) throws(CardDAVError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cache(path: folder, reason: (error as NSError).localizedDescription)
        }
        for (file, data) in cards.sorted(by: { $0.key < $1.key }) {
            try write(data, to: folder + "/" + file)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let stateData: Data
        do {
            stateData = try encoder.encode(state)
        } catch {
            throw .cache(path: statePath, reason: "cannot encode the state: \(error)")
        }
        try write(stateData, to: statePath)

        let kept = Set(state.cards.values.map(\.file))
        let present = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        for file in present where file.lowercased().hasSuffix(".vcf") && !kept.contains(file) {
            do {
                try manager.removeItem(atPath: folder + "/" + file)
            } catch {
                throw .cache(path: folder + "/" + file, reason: (error as NSError).localizedDescription)
            }
        }
    }

    private var statePath: String { folder + "/" + Self.stateFileName }

    /// Replaces the file at `path` atomically: Foundation writes a temporary file and renames it.
    private func write(_ data: Data, to path: String) throws(CardDAVError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cache(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
