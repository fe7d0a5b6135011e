// SPDX-License-Identifier: Apache-2.0

import FoundationEssentials

/// One message baresip's `ctrl_tcp` sends: an event (`{"event":true,"type":"CALL_RINGING",...}`)
/// or the response to a command (`{"response":true,"ok":true,"data":"...","token":"d1"}`).
public enum BaresipMessage: Sendable, Hashable {
    case event(BaresipEvent)
    case response(BaresipResponse)

    /// The message a netstring's payload holds. Fields t9dial does not know are skipped; a
    /// payload that is not a JSON object, is neither an event nor a response, or has a known
    /// field of the wrong type is an error value: the peer is not the baresip t9dial knows.
    public static func parse(_ payload: [UInt8]) -> Result<BaresipMessage, BaresipMessageError> {
        guard payload.count <= Netstring.maximumLength else { return .failure(.tooLong(payload.count)) }
        guard payload.first(where: { !isJSONWhitespace($0) }) == UInt8(ascii: "{") else {
            return .failure(.notAnObject(excerpt: excerpt(payload)))
        }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(payload))
        } catch DecodingError.typeMismatch(_, let context) {
            return .failure(.wrongType(field: fieldName(context), excerpt: excerpt(payload)))
        } catch {
            return .failure(.notJSON(excerpt: excerpt(payload)))
        }
        if wire.event == true {
            guard let type = wire.type, !type.isEmpty else { return .failure(.eventWithoutType(excerpt: excerpt(payload))) }
            return .success(
                .event(
                    BaresipEvent(
                        type: type, eventClass: wire.class, accountAOR: wire.accountaor, direction: wire.direction,
                        peerURI: wire.peeruri, peerDisplayName: wire.peerdisplayname, callID: wire.id, param: wire.param)))
        }
        if wire.response == true {
            return .success(.response(BaresipResponse(ok: wire.ok ?? false, data: wire.data ?? "", token: wire.token)))
        }
        return .failure(.neitherEventNorResponse(excerpt: excerpt(payload)))
    }

    /// The fields of both kinds, each optional: which are there says the kind.
    private struct Wire: Decodable {
        var event: Bool?
        var response: Bool?
        var type: String?
        var `class`: String?
        var accountaor: String?
        var direction: String?
        var peeruri: String?
        var peerdisplayname: String?
        var id: String?
        var param: String?
        var ok: Bool?
        var data: String?
        var token: String?
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func fieldName(_ context: DecodingError.Context) -> String {
        context.codingPath.last?.stringValue ?? "(the message)"
    }

    /// The first bytes of a payload, for an error message: printable ASCII kept, the rest shown
    /// as `?`, so a hostile peer cannot write control characters into the log.
    static func excerpt(_ payload: [UInt8], limit: Int = 80) -> String {
        let shown = payload.prefix(limit).map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "?" }
        return String(shown) + (payload.count > limit ? "..." : "")
    }
}

/// A `ctrl_tcp` event: what happened (`type`), to which call (`callID`, baresip's SIP Call-ID),
/// and the rest as baresip gave it. Only `type` is always there.
public struct BaresipEvent: Sendable, Hashable {
    /// `CALL_RINGING`, `CALL_ESTABLISHED`, `CALL_CLOSED`, `CALL_INCOMING`, `REGISTER_OK`...
    public var type: String
    /// `call`, `register`, `application`, `other`.
    public var eventClass: String?
    /// The account's address of record (`sip:t9dial@127.0.0.1`).
    public var accountAOR: String?
    /// `outgoing` or `incoming`, for call events.
    public var direction: String?
    /// The far end's URI (`sip:+4412@host`).
    public var peerURI: String?
    /// The far end's display name, when it sent one.
    public var peerDisplayName: String?
    /// The call's SIP Call-ID; missing on some events of a call just dialled (CALL_LOCAL_SDP).
    public var callID: String?
    /// The event's parameter: CALL_CLOSED's reason ("486 Busy Here"), REGISTER_FAIL's.
    public var param: String?

    public init(
        type: String, eventClass: String? = nil, accountAOR: String? = nil, direction: String? = nil, peerURI: String? = nil,
        peerDisplayName: String? = nil, callID: String? = nil, param: String? = nil
    ) {
        self.type = type
        self.eventClass = eventClass
        self.accountAOR = accountAOR
        self.direction = direction
        self.peerURI = peerURI
        self.peerDisplayName = peerDisplayName
        self.callID = callID
        self.param = param
    }

    /// Whether the event is about a call that went out from here.
    public var isOutgoing: Bool { direction == "outgoing" }
}

/// The response to one command: whether baresip did it, its text, and the command's token.
public struct BaresipResponse: Sendable, Hashable {
    public var ok: Bool
    /// What the command printed ("command not found (nosuchcommand)\n").
    public var data: String
    public var token: String?

    public init(ok: Bool, data: String, token: String?) {
        self.ok = ok
        self.data = data
        self.token = token
    }
}

/// Why a message from `ctrl_tcp` could not be read: what was wrong, with its first bytes.
public enum BaresipMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLong(Int)
    case notAnObject(excerpt: String)
    case notJSON(excerpt: String)
    case wrongType(field: String, excerpt: String)
    case eventWithoutType(excerpt: String)
    case neitherEventNorResponse(excerpt: String)

    public var description: String {
        switch self {
        case .tooLong(let count): "a ctrl_tcp message of \(count) bytes, over the \(Netstring.maximumLength) t9dial takes"
        case .notAnObject(let excerpt): "a ctrl_tcp message that is not a JSON object: \"\(excerpt)\""
        case .notJSON(let excerpt): "a ctrl_tcp message that is not valid JSON: \"\(excerpt)\""
        case .wrongType(let field, let excerpt): "a ctrl_tcp message whose \"\(field)\" has the wrong type: \"\(excerpt)\""
        case .eventWithoutType(let excerpt): "a ctrl_tcp event with no type: \"\(excerpt)\""
        case .neitherEventNorResponse(let excerpt): "a ctrl_tcp message that is neither an event nor a response: \"\(excerpt)\""
        }
    }
}
