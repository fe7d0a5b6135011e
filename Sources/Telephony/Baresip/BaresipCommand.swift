// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// A command t9dial sends baresip's `ctrl_tcp`: baresip runs it as the menu command of that
/// name, with `params` as its argument. Nothing passes through a shell: the number is a JSON
/// string, escaped here, and baresip hands it to its own dial code.
public enum BaresipCommand: Sendable, Hashable {
    /// Dials a number or SIP URI (`dial`); a bare number is completed with the account's domain.
    case dial(String)
    /// Answers the call ringing here (`accept`).
    case accept
    /// Ends the current call, or rejects the one ringing here (`hangup`).
    case hangUp
    /// Sends one DTMF tone through the current call (`sndcode`).
    case sendCode(Character)
    /// Lists the accounts and whether each is registered (`reginfo`).
    case registrationInfo
    /// Lists the calls baresip has, with their states (`listcalls`).
    case listCalls
    /// Describes the current call: its state, direction, far end and Call-ID (`callstat`).
    case callStatus
    /// Makes the call with this Call-ID the current one, which the other commands act on
    /// (`callfind`).
    case findCall(String)
    /// Holds the current call (`hold`): a re-INVITE with `a=sendonly`.
    case hold
    /// Resumes the current call (`resume`).
    case resume
    /// Mutes the current call's sound to the far end, or unmutes it: a toggle (`mute`).
    case toggleMute

    /// The menu command's name.
    public var name: String {
        switch self {
        case .dial: "dial"
        case .accept: "accept"
        case .hangUp: "hangup"
        case .sendCode: "sndcode"
        case .registrationInfo: "reginfo"
        case .listCalls: "listcalls"
        case .callStatus: "callstat"
        case .findCall: "callfind"
        case .hold: "hold"
        case .resume: "resume"
        case .toggleMute: "mute"
        }
    }

    /// The command's argument.
    public var params: String {
        switch self {
        case .dial(let number): number
        case .sendCode(let tone): String(tone)
        case .findCall(let id): id
        case .accept, .hangUp, .registrationInfo, .listCalls, .callStatus, .hold, .resume, .toggleMute: ""
        }
    }

    /// The command as JSON, `{"command":"dial","params":"...","token":"..."}`.
    public func json(token: String) -> String {
        "{\"command\":\(JSONText.quoted(name)),\"params\":\(JSONText.quoted(params)),\"token\":\(JSONText.quoted(token))}"
    }

    /// The command framed as a netstring, ready to write.
    public func encoded(token: String) -> [UInt8] {
        Netstring.encode(Array(json(token: token).utf8))
    }
}

/// What t9dial dials through baresip for a number as the user gave it.
public enum BaresipDialTarget {
    /// The characters that make a DTMF tone.
    public static let tones: Set<Character> = Set("0123456789*#ABCD")

    /// The longest number or URI t9dial dials.
    public static let maximumLength = 256

    /// `number` made ready for `dial`, or why it cannot be dialled. A bare number loses the
    /// spaces, dashes, dots and brackets people write in it ("+44 (121) 496-0000" dials
    /// "+441214960000"); a SIP URI (with `:` or `@`) is kept as it is. Nothing empty is sent:
    /// baresip's `dial` with no argument redials the last number.
    public static func prepare(_ number: String) -> Result<String, BaresipDialError> {
        let trimmed = number.trimmingBlanks()
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return .failure(.controlCharacters)
        }
        let isURI = trimmed.contains(":") || trimmed.contains("@")
        let prepared = isURI ? trimmed : String(trimmed.filter { !" -.()\u{A0}".contains($0) })
        if prepared.isEmpty { return .failure(.empty) }
        if prepared.contains(" ") { return .failure(.spaceInURI) }
        if prepared.utf8.count > maximumLength { return .failure(.tooLong) }
        return .success(prepared)
    }
}

/// Why a number cannot be dialled through baresip.
public enum BaresipDialError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case controlCharacters
    case spaceInURI
    case tooLong

    public var description: String {
        switch self {
        case .empty: "no number to dial"
        case .controlCharacters: "the number has control characters; check the contact's number"
        case .spaceInURI: "the SIP address has a space; check the contact's number"
        case .tooLong: "the number is longer than \(BaresipDialTarget.maximumLength) bytes; check the contact's number"
        }
    }
}
