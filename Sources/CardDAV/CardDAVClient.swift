// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// Speaks CardDAV to one address book collection: the requests a sync needs, each answering
/// with parsed values or a `CardDAVError`. Synchronous: each call blocks until the server
/// answers (see `CurlTransport`).
///
/// The password goes to the configured origin only (scheme, host and port): a redirect within
/// it is followed (up to `maxRedirects`), one to another origin is refused with
/// `.crossOriginRedirect`, and nothing is sent there.
public struct CardDAVClient: Sendable {
    /// The address book collection's URL.
    public let url: URL
    public let credentials: CardDAVCredentials
    let transport: any HTTPTransport

    /// What the collection says about itself (PROPFIND Depth 0).
    public struct CollectionInfo: Sendable, Equatable {
        /// The collection's current RFC 6578 sync token, when it has one.
        public var syncToken: String?
        /// The CalendarServer `getctag`, changing whenever a member changes.
        public var ctag: String?
        /// Whether the server offers REPORT sync-collection on it.
        public var supportsSyncCollection: Bool
    }

    /// What changed since a sync token (REPORT sync-collection).
    public struct SyncChanges: Sendable, Equatable {
        /// Members added or changed, with their ETag when the server gave it.
        public var changed: [String: String?]
        /// Members removed (a 404 status in the answer).
        public var removed: Set<String>
        /// The token to send next time.
        public var syncToken: String?
    }

    /// A card fetched by multiget.
    public struct Card: Sendable, Equatable {
        public var href: String
        public var etag: String?
        public var data: Data
    }

    /// The most redirects in a row followed for one request.
    public static let maxRedirects = 5

    public init(url: URL, credentials: CardDAVCredentials, transport: any HTTPTransport = CurlTransport()) {
        self.url = url
        self.credentials = credentials
        self.transport = transport
    }

    /// PROPFIND Depth 0: checks that the URL is an address book and reads its `sync-token`,
    /// `getctag` and whether `sync-collection` is among its supported reports.
    public func collectionInfo() throws(CardDAVError) -> CollectionInfo {
        let status = try send("PROPFIND", depth: "0", body: DAVRequestBody.collectionProperties)
        let multistatus = try MultistatusParser.parse(status.body, url: url)
        guard let collection = multistatus.responses.first(where: { isCollection($0.href) }) ?? multistatus.responses.first else {
            throw .invalidXML(url: url, detail: "no response for the collection")
        }
        guard collection.properties[.resourceType]?.descendants.contains(.addressBook) == true else {
            throw .notAnAddressBook(url: url)
        }
        let token = collection.value(.syncToken).flatMap { $0.isEmpty ? nil : $0 }
        let reports = collection.properties[.supportedReportSet]?.descendants ?? []
        return CollectionInfo(
            syncToken: token,
            ctag: collection.value(.getCTag),
            supportsSyncCollection: token != nil && (reports.isEmpty || reports.contains(.syncCollection)))
    }

    /// REPORT sync-collection from `token` (nil: from the start, listing every member).
    /// Returns nil when the server no longer accepts the token (RFC 6578 `valid-sync-token`
    /// precondition, 403 or 409), so the caller starts over.
    public func syncCollection(token: String?) throws(CardDAVError) -> SyncChanges? {
        let response = try exchange("REPORT", depth: "1", body: DAVRequestBody.syncCollection(token: token))
        if token != nil, response.status == 403 || response.status == 409,
            String(decoding: response.body, as: UTF8.self).contains("valid-sync-token")
        {
            return nil
        }
        try check(response, method: "REPORT")
        let multistatus = try MultistatusParser.parse(response.body, url: url)
        var changes = SyncChanges(changed: [:], removed: [], syncToken: multistatus.syncToken)
        for member in multistatus.responses where !isCollection(member.href) {
            if member.status == 404 {
                changes.removed.insert(member.href)
            } else if member.properties[.resourceType]?.descendants.contains(.collection) != true {
                changes.changed[member.href] = member.value(.getETag)
            }
        }
        return changes
    }

    /// PROPFIND Depth 1: every member card's href and ETag, for the ETag fallback.
    public func memberETags() throws(CardDAVError) -> [String: String?] {
        let response = try send("PROPFIND", depth: "1", body: DAVRequestBody.memberETags)
        let multistatus = try MultistatusParser.parse(response.body, url: url)
        var members: [String: String?] = [:]
        for member in multistatus.responses where !isCollection(member.href) {
            if member.properties[.resourceType]?.descendants.contains(.collection) == true { continue }
            if let status = member.status, !(200..<300).contains(status) { continue }
            members[member.href] = member.value(.getETag)
        }
        return members
    }

    /// REPORT addressbook-multiget: the data and ETags of `hrefs` in one request. Hrefs the
    /// server reports missing (removed since they were listed) are in `missing`.
    public func multiget(hrefs: [String]) throws(CardDAVError) -> (cards: [Card], missing: Set<String>) {
        guard !hrefs.isEmpty else { return ([], []) }
        let response = try send("REPORT", depth: "1", body: DAVRequestBody.addressBookMultiget(hrefs: hrefs))
        let multistatus = try MultistatusParser.parse(response.body, url: url)
        var cards: [Card] = []
        var missing: Set<String> = []
        for member in multistatus.responses {
            if let data = member.properties[.addressData]?.text, member.status.map({ (200..<300).contains($0) }) ?? true {
                cards.append(Card(href: member.href, etag: member.value(.getETag), data: Data(data.utf8)))
            } else {
                missing.insert(member.href)
            }
        }
        return (cards, missing)
    }

    /// Sends a request with authentication and an XML body, and checks for a 207 answer.
    private func send(_ method: String, depth: String, body: String) throws(CardDAVError) -> HTTPResponse {
        let response = try exchange(method, depth: depth, body: body)
        try check(response, method: method)
        return response
    }

    private func exchange(_ method: String, depth: String, body: String) throws(CardDAVError) -> HTTPResponse {
        var request = HTTPRequest(
            method: method, url: url,
            headers: [
                "Authorization": credentials.basicAuthorization,
                "Depth": depth,
                "Content-Type": "application/xml; charset=utf-8",
            ],
            body: Data(body.utf8))
        for _ in 0...Self.maxRedirects {
            let response = try transport.send(request)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
                return response
            }
            guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL, Self.sameOrigin(target, url) else {
                throw .crossOriginRedirect(url: url, to: Self.withoutUserInfo(location))
            }
            request.url = target
        }
        throw .tooManyRedirects(url: url)
    }

    /// Whether two URLs have the same origin: scheme, host and port (the scheme's own port
    /// when none is written).
    static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let one = origin(first), let other = origin(second) else { return false }
        return one == other
    }

    /// `text` with any `user:password@` taken out, for messages.
    static func withoutUserInfo(_ text: String) -> String {
        guard var parts = URLComponents(string: text), parts.user != nil || parts.password != nil else { return text }
        parts.user = nil
        parts.password = nil
        return parts.string ?? text
    }

    /// Turns a status other than 207 Multi-Status into the error that explains it.
    private func check(_ response: HTTPResponse, method: String) throws(CardDAVError) {
        switch response.status {
        case 207: return
        case 401: throw .unauthorized(url: url, user: credentials.user)
        case 403: throw .forbidden(url: url, user: credentials.user)
        case 404: throw .notFound(url: url)
        case 405, 501: throw .notAnAddressBook(url: url)
        default: throw .unexpectedStatus(url: url, method: method, status: response.status)
        }
    }

    /// Whether `href` names the collection itself rather than a member.
    private func isCollection(_ href: String) -> Bool {
        func trimmed(_ path: String) -> String {
            var path = path.removingPercentEncoding ?? path
            while path.hasSuffix("/") { path.removeLast() }
            return path
        }
        let path = URL(string: href, relativeTo: url)?.path ?? href
        return trimmed(path) == trimmed(url.path)
    }
}
