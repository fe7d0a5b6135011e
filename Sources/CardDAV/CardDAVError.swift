// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// Why a CardDAV sync failed. Every case names what a user needs to fix it: the URL, the user,
/// the file. A failed sync never changes the cache, so the previous cards stay usable offline.
public enum CardDAVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the user name or password (HTTP 401).
    case unauthorized(url: URL, user: String)
    /// The server knows the user but denies access to the collection (HTTP 403).
    case forbidden(url: URL, user: String)
    /// Nothing exists at the URL (HTTP 404).
    case notFound(url: URL)
    /// The URL exists but is not a CardDAV address book (no `CARDDAV:addressbook` resource type).
    case notAnAddressBook(url: URL)
    /// The server could not be reached: connection refused, unknown host, no route.
    case unreachable(url: URL, reason: String)
    /// The connection broke while a request was under way: the server went away mid-sync.
    case connectionLost(url: URL, reason: String)
    /// The server did not answer in time.
    case timedOut(url: URL)
    /// The server answered a request with a status this client cannot go on from.
    case unexpectedStatus(url: URL, method: String, status: Int)
    /// The server's answer was not the WebDAV XML expected.
    case invalidXML(url: URL, detail: String)
    /// The URL given is not an http or https URL.
    case invalidURL(String)
    /// The password file could not be read.
    case passwordFile(path: String, reason: String)
    /// The local cache could not be read or written.
    case cache(path: String, reason: String)
    /// An answer was larger than the transport takes.
    case answerTooLarge(url: URL, limit: Int)
    /// The server redirected to another origin (scheme, host or port): not followed, so the
    /// password goes to the configured server only.
    case crossOriginRedirect(url: URL, to: String)
    /// More redirects in a row than are followed.
    case tooManyRedirects(url: URL)
    /// libcurl, which t9dial syncs with, cannot be loaded.
    case libraryMissing(library: String, reason: String)

    public var description: String {
        switch self {
        case .unauthorized(let url, let user):
            "\(url.absoluteString): wrong password or user name: the server refused user \"\(user)\" (HTTP 401). Check the user and the password file."
        case .forbidden(let url, let user):
            "\(url.absoluteString): user \"\(user)\" may not read this address book (HTTP 403)."
        case .notFound(let url):
            "\(url.absoluteString): no address book at this URL (HTTP 404). Check the URL."
        case .notAnAddressBook(let url):
            "\(url.absoluteString): this is not a CardDAV address book (its resource type lacks CARDDAV:addressbook)."
        case .unreachable(let url, let reason):
            "\(url.absoluteString): the server cannot be reached: \(reason). The cached contacts are kept."
        case .connectionLost(let url, let reason):
            "\(url.absoluteString): the server went away during the sync: \(reason). The cached contacts are kept as they were."
        case .timedOut(let url):
            "\(url.absoluteString): the server did not answer in time. The cached contacts are kept."
        case .unexpectedStatus(let url, let method, let status):
            "\(url.absoluteString): \(method) failed with HTTP \(status)."
        case .invalidXML(let url, let detail):
            "\(url.absoluteString): the server's answer is not valid WebDAV XML: \(detail)."
        case .invalidURL(let text):
            "\"\(text)\" is not an http or https URL."
        case .passwordFile(let path, let reason):
            "\(path): cannot read the password file: \(reason)."
        case .cache(let path, let reason):
            "\(path): cannot update the CardDAV cache: \(reason)."
        case .answerTooLarge(let url, let limit):
            "\(url.absoluteString): the server's answer is larger than \(limit >> 20) MiB, more than any address book needs; the sync stops. The cached contacts are kept."
        case .crossOriginRedirect(let url, let target):
            "\(url.absoluteString): the server redirects to \(target), another server: not followed, so that the password goes only to the configured one. If you trust it, set url in [carddav] to the new address."
        case .tooManyRedirects(let url):
            "\(url.absoluteString): the server redirects again and again; check the URL."
        case .libraryMissing(let library, let reason):
            "cannot sync: libcurl (\(library)) cannot be loaded: \(reason). Install it (on Debian: sudo apt install libcurl4); the cached contacts are kept."
        }
    }
}
