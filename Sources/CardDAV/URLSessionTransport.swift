public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Dispatch

/// The real transport: Foundation's `URLSession`, made synchronous by waiting on a semaphore
/// for each data task. The calling thread blocks, so call it from a plain thread (the command
/// line, the daemon's sync timer), not from a Swift concurrency task.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession
    let timeout: TimeInterval
    private let challenges: ChallengeRejecter

    /// `timeout` bounds each request's idle time, so a server that stops answering fails the
    /// sync instead of hanging it. An ephemeral session keeps no cookies, cache or credentials.
    public init(timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 5
        configuration.httpShouldSetCookies = false
        // The credentials go in the Authorization header; a challenge (a 401) must come back as
        // the response, which the delegate makes sure of (without it, Linux waits forever).
        let challenges = ChallengeRejecter()
        self.challenges = challenges
        self.session = URLSession(configuration: configuration, delegate: challenges, delegateQueue: nil)
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) throws(CardDAVError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body

        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        done.wait()

        let (data, response, error) = outcome.get()
        if let status = challenges.rejectedStatus(of: task.taskIdentifier) {
            return HTTPResponse(status: status)
        }
        if let error {
            throw Self.classify(error, url: request.url)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .connectionLost(url: request.url, reason: "the answer is not HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())
    }

    /// Maps a URLSession failure to the error a user can act on.
    static func classify(_ error: any Error, url: URL) -> CardDAVError {
        let reason = (error as NSError).localizedDescription
        guard let urlError = error as? URLError else {
            return .unreachable(url: url, reason: reason)
        }
        switch urlError.code {
        case .timedOut:
            return .timedOut(url: url)
        case .cannotConnectToHost:
            return .unreachable(url: url, reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable(url: url, reason: "unknown host")
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed:
            return .unreachable(url: url, reason: "the network is unreachable")
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return .connectionLost(url: url, reason: reason)
        default:
            return .unreachable(url: url, reason: reason)
        }
    }
}

/// The data task's result, handed from URLSession's queue to the waiting thread.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: (any Error)?

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}

/// Refuses authentication challenges, remembering the status that raised each (URLSession
/// then cancels the task), so the transport answers with that status: a 401 for a wrong password.
private final class ChallengeRejecter: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int: Int] = [:]

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 401
        lock.lock()
        statuses[task.taskIdentifier] = status
        lock.unlock()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The status of the challenge refused for the task, forgetting it.
    func rejectedStatus(of task: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return statuses.removeValue(forKey: task)
    }
}
