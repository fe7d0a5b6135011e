// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// An XML element name: its namespace URI and local name.
public struct DAVName: Sendable, Hashable, CustomStringConvertible {
    public var namespace: String
    public var local: String

    public init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    public var description: String { "{\(namespace)}\(local)" }

    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    static let calendarServer = "http://calendarserver.org/ns/"

    static let multistatus = DAVName(dav, "multistatus")
    static let response = DAVName(dav, "response")
    static let href = DAVName(dav, "href")
    static let status = DAVName(dav, "status")
    static let propstat = DAVName(dav, "propstat")
    static let prop = DAVName(dav, "prop")
    static let syncToken = DAVName(dav, "sync-token")
    static let getETag = DAVName(dav, "getetag")
    static let resourceType = DAVName(dav, "resourcetype")
    static let collection = DAVName(dav, "collection")
    static let supportedReportSet = DAVName(dav, "supported-report-set")
    static let syncCollection = DAVName(dav, "sync-collection")
    static let addressBook = DAVName(cardDAV, "addressbook")
    static let addressData = DAVName(cardDAV, "address-data")
    static let getCTag = DAVName(calendarServer, "getctag")
}

/// One property in a `propstat`: its text, and the names of the elements inside it (how
/// `resourcetype` and `supported-report-set` say what they hold).
public struct DAVProperty: Sendable, Equatable {
    public var text: String
    public var descendants: Set<DAVName>
}

/// One `response` of a 207 Multi-Status answer (RFC 4918 section 14.24).
public struct DAVResponse: Sendable, Equatable {
    public var href: String
    /// The response-level status code, as sync-collection gives 404 for a removed member.
    public var status: Int?
    /// The properties found with a 2xx `propstat` status.
    public var properties: [DAVName: DAVProperty]

    /// The property's text with surrounding white space trimmed; nil when absent.
    func value(_ name: DAVName) -> String? {
        properties[name].map { $0.text.trimmingBlanks() }
    }
}

/// A parsed Multi-Status answer: its responses and, for sync-collection, the new sync token.
public struct Multistatus: Sendable, Equatable {
    public var responses: [DAVResponse]
    public var syncToken: String?
}

extension String {
    /// The status code of an HTTP status line such as `HTTP/1.1 404 Not Found`.
    var httpStatusCode: Int? {
        let parts = split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}
