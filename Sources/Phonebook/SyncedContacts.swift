// SPDX-License-Identifier: Apache-2.0

#if CardDAV
public import CardDAV
#endif
public import DialerConfig
import DialHistory
public import Foundation
import ContactBook
import Systemd

/// The contacts of the `[carddav]` address book, kept in a cache folder so they are
/// searchable offline and the last good copy survives a failed sync: the service's cache
/// directory (`$CACHE_DIRECTORY/carddav`, /var/cache/t9dial/carddav under systemd), else next
/// to the dial history (`~/.local/state/t9dial/carddav`).
///
/// The password is the systemd credential `carddav-password` when the service has one
/// (`LoadCredential=carddav-password:/etc/t9dial/carddav-password`, so a root-only file
/// works), else the config's `password_file`.
public enum SyncedContacts {
    /// The cache folder's name inside the state folder.
    public static let folderName = "carddav"
    /// The service's cache folder (`CacheDirectory=t9dial` in its unit), which root reads when
    /// it reads the service's history.
    public static let serviceFolder = "/var/cache/t9dial/" + folderName
    /// The name of the systemd credential holding the password.
    public static let passwordCredential = "carddav-password"

    /// Whether this t9dial syncs address books: false in a build without the CardDAV trait,
    /// which links no libcurl (for boards that never sync).
    public static var isBuiltIn: Bool {
        #if CardDAV
        true
        #else
        false
        #endif
    }

    /// Why this t9dial cannot sync though it is built to: libcurl, which a sync opens, cannot
    /// be loaded (`doctor` asks, and so loads it). Nil when it can, or in a build without CardDAV.
    public static var libraryProblem: String? {
        #if CardDAV
        CurlTransport.libraryProblem?.description
        #else
        nil
        #endif
    }

    /// The cache folder for this environment, without touching the disk.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) throws(BookError) -> String {
        if let cache = environment["CACHE_DIRECTORY"], let first = cache.split(separator: ":").first, first.hasPrefix("/") {
            return (String(first) as NSString).appendingPathComponent(folderName)
        }
        do {
            return (try HistoryLocation.directory(environment: environment) as NSString).appendingPathComponent(folderName)
        } catch {
            throw .history(error)  // the synced contacts live beside the history
        }
    }

    #if CardDAV
    /// Brings the cache up to date with the configured address book. Blocks until done; a failed
    /// sync leaves the cache as it was.
    /// `into` names the cache folder; nil is `folder(environment:)`.
    public static func sync(
        _ settings: CardDAVSettings, configFile: String?, into cacheFolder: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BookError) -> SyncReport {
        let credential = SystemdCredentials.path(of: passwordCredential)
        guard let address = settings.url, let user = settings.user, let passwordFile = credential ?? settings.passwordFile else {
            throw .noAddressBook(configFile: configFile)
        }
        guard let url = URL(string: address) else { throw .sync(.invalidURL(address)) }
        let cache: CardDAVCache
        if let cacheFolder {
            cache = CardDAVCache(folder: cacheFolder)
        } else {
            cache = CardDAVCache(folder: try folder(environment: environment))
        }
        do {
            let password = try CardDAVCredentials.readPassword(fromFile: passwordFile)
            var report = try CardDAVSync.sync(url: url, user: user, password: password, cache: cache)
            report.warnings =
                CardDAVSync.warnings(url: url, passwordFile: credential == nil ? passwordFile : nil).map {
                    ImportWarning(location: SourceLocation(file: configFile ?? "[carddav]", line: 0), message: $0)
                } + report.warnings
            return report
        } catch {
            throw .sync(error)
        }
    }
    #endif
}
