// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// One HTTP request as the CardDAV client makes it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A server's answer: the status, the headers (names lowercased) and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends HTTP requests synchronously. The client goes through this protocol so tests can
/// wrap the real transport (for instance to stop the server between two requests).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole answer; network failures are thrown as
    /// `.unreachable`, `.connectionLost` or `.timedOut` naming the request's URL.
    func send(_ request: HTTPRequest) throws(CardDAVError) -> HTTPResponse
}
