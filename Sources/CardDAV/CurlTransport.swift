// SPDX-License-Identifier: Apache-2.0

import CCurl
import Foundation

/// The real transport: libcurl's easy interface, which waits for the server in poll, so a sync
/// waiting on a server that does not answer costs no CPU. (Foundation's URLSession on Linux
/// spent most of a core doing the same, and let a server that trickles a byte every few seconds
/// keep a sync going for minutes.)
///
/// Every limit is libcurl's to enforce, so none can be dodged by a slow or hostile server:
/// - each request ends after `requestTimeout`, however the bytes come, and every request of
///   this transport's life ends by `totalTimeout` after it was made (one sync);
/// - an answer is at most `maxResponseBytes`;
/// - redirects are not followed here: the client follows a same-origin one itself and refuses
///   the others, so the password never leaves the configured server;
/// - only http and https are spoken.
///
/// The calling thread blocks, so call it from a plain thread (the command line, the daemon's
/// sync task), not from a Swift concurrency task.
public struct CurlTransport: HTTPTransport {
    /// The most bytes an answer may have: 64 MiB, a hundred thousand cards in one multiget.
    public static let maxResponseBytes = 64 << 20

    let requestTimeout: Duration
    let deadline: ContinuousClock.Instant
    let maxResponseBytes: Int

    public init(requestTimeout: Duration = .seconds(60), totalTimeout: Duration = .seconds(300), maxResponseBytes: Int = Self.maxResponseBytes) {
        self.requestTimeout = requestTimeout
        self.deadline = ContinuousClock.now + totalTimeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Why no request can be sent: libcurl, opened when the first one is, cannot be loaded.
    public static var libraryProblem: CardDAVError? {
        guard case .failure(let problem) = CurlLibrary.shared else { return nil }
        return problem
    }

    public func send(_ request: HTTPRequest) throws(CardDAVError) -> HTTPResponse {
        let left = min(requestTimeout, deadline - ContinuousClock.now)
        guard left > .zero else { throw .timedOut(url: request.url) }
        let curl = try CurlLibrary.shared.get()
        let handle = try CurlHandle(curl, url: request.url)
        return try handle.perform(request, timeout: left, maxResponseBytes: maxResponseBytes)
    }
}

/// libcurl's functions, from the shared library opened the first time a request is sent: a
/// t9dial that never syncs does not load libcurl and what it links (see CCurl.h).
struct CurlLibrary: @unchecked Sendable {
    /// The functions, filled once and never changed or freed: safe to read from any thread.
    let api: UnsafePointer<t9dial_curl_api>

    /// libcurl, opened and initialized (curl_global_init) once for the process.
    static let shared = load(nil)

    /// Opens the library at `path` (libcurl's soname, `libcurl.so.4`, when nil), or says why
    /// it cannot be and how to get it.
    static func load(_ path: String?) -> Result<CurlLibrary, CardDAVError> {
        let api = UnsafeMutablePointer<t9dial_curl_api>.allocate(capacity: 1)
        let problem: UnsafePointer<CChar>?
        if let path { problem = t9dial_curl_load(path, api) } else { problem = t9dial_curl_load(nil, api) }
        let library = path ?? String(cString: t9dial_curl_default_soname())
        if let problem {
            api.deallocate()
            return .failure(.libraryMissing(library: library, reason: String(cString: problem)))
        }
        guard t9dial_curl_global_init(api) == CURLE_OK else {
            return .failure(.libraryMissing(library: library, reason: "curl_global_init failed"))
        }
        return .success(CurlLibrary(api: UnsafePointer(api)))
    }
}

/// One libcurl easy handle: every libcurl call t9dial makes is in this type. Non-copyable, and
/// cleaned up in `deinit`.
private struct CurlHandle: ~Copyable {
    private let curl: UnsafePointer<t9dial_curl_api>
    private let handle: UnsafeMutableRawPointer
    private let url: URL

    init(_ library: CurlLibrary, url: URL) throws(CardDAVError) {
        curl = library.api
        guard let handle = t9dial_curl_easy_init(curl) else { throw .unreachable(url: url, reason: "libcurl could not start a request") }
        self.handle = handle
        self.url = url
    }

    deinit { t9dial_curl_easy_cleanup(curl, handle) }

    /// Sends `request` and reads the whole answer, within `timeout` and `maxResponseBytes`.
    func perform(_ request: HTTPRequest, timeout: Duration, maxResponseBytes: Int) throws(CardDAVError) -> HTTPResponse {
        let answer = Answer(limit: maxResponseBytes)
        let context = Unmanaged.passUnretained(answer).toOpaque()
        var headers: UnsafeMutablePointer<curl_slist>? = nil
        defer { t9dial_curl_slist_free_all(curl, headers) }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headers = t9dial_curl_slist_append(curl, headers, "\(name): \(value)")
        }
        // No "Expect: 100-continue": the body is small, and a server that ignores it costs a second.
        headers = t9dial_curl_slist_append(curl, headers, "Expect:")
        let milliseconds = max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let body = request.body.map { [UInt8]($0) }

        var code: CURLcode = body.withOptionalUnsafeBytes { bytes in
            var setup: [CURLcode] = [
                t9dial_curl_set_string(curl, handle, CURLOPT_URL, request.url.absoluteString),
                t9dial_curl_set_string(curl, handle, CURLOPT_CUSTOMREQUEST, request.method),
                t9dial_curl_set_string(curl, handle, CURLOPT_PROTOCOLS_STR, "http,https"),
                t9dial_curl_set_long(curl, handle, CURLOPT_FOLLOWLOCATION, 0),
                t9dial_curl_set_long(curl, handle, CURLOPT_NOSIGNAL, 1),
                t9dial_curl_set_long(curl, handle, CURLOPT_TIMEOUT_MS, Int(milliseconds)),
                t9dial_curl_set_long(curl, handle, CURLOPT_CONNECTTIMEOUT_MS, Int(min(milliseconds, 20_000))),
                t9dial_curl_set_list(curl, handle, CURLOPT_HTTPHEADER, headers),
                t9dial_curl_set_write(curl, handle, receiveBody, context),
                t9dial_curl_set_header(curl, handle, receiveHeader, context),
            ]
            if let bytes {
                setup.append(t9dial_curl_set_body(curl, handle, bytes.baseAddress, bytes.count))
            }
            if let failed = setup.first(where: { $0 != CURLE_OK }) { return failed }
            return t9dial_curl_easy_perform(curl, handle)
        }
        if code == CURLE_WRITE_ERROR, answer.tooLarge { code = CURLE_FILESIZE_EXCEEDED }
        guard code == CURLE_OK else {
            throw Self.error(code, reason: String(cString: t9dial_curl_strerror(curl, code)), url: request.url, limit: maxResponseBytes)
        }
        return HTTPResponse(status: t9dial_curl_response_code(curl, handle), headers: answer.headers, body: Data(answer.body))
    }

    /// The error a user can act on, for a libcurl failure (`reason`: libcurl's words for it).
    static func error(_ code: CURLcode, reason: String, url: URL, limit: Int) -> CardDAVError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut(url: url)
        case CURLE_COULDNT_CONNECT: return .unreachable(url: url, reason: "connection refused")
        case CURLE_COULDNT_RESOLVE_HOST: return .unreachable(url: url, reason: "unknown host")
        case CURLE_FILESIZE_EXCEEDED: return .answerTooLarge(url: url, limit: limit)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: return .invalidURL(url.absoluteString)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR:
            return .unreachable(url: url, reason: "the secure connection failed: \(reason)")
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connectionLost(url: url, reason: reason)
        default: return .unreachable(url: url, reason: reason)
        }
    }
}

/// What came back, filled by libcurl's callbacks.
private final class Answer {
    let limit: Int
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    var tooLarge = false

    init(limit: Int) { self.limit = limit }
}

/// libcurl's write callback: appends to the answer's body, or stops the transfer (returning
/// less than it was given) once the body would pass its limit.
private let receiveBody: t9dial_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let answer = Unmanaged<Answer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard answer.body.count + length <= answer.limit else {
        answer.tooLarge = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { answer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
    return length
}

/// libcurl's header callback, a line at a time: a status line starts a new set of headers
/// (after a 100 Continue), and "Name: value" lines fill it, names lowercased.
private let receiveHeader: t9dial_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let answer = Unmanaged<Answer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
    if line.hasPrefix("HTTP/") {
        answer.headers = [:]
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        answer.headers[name] = value
    }
    return length
}

extension Optional where Wrapped == [UInt8] {
    /// The bytes' buffer, or nil, for the length of `body`.
    fileprivate func withOptionalUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        switch self {
        case .some(let bytes): bytes.withUnsafeBytes { body($0) }
        case .none: body(nil)
        }
    }
}
