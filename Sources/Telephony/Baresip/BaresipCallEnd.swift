// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import SystemCalls
import TerminalText

extension CallEnd {
    /// Why a call ended, from the parameter of baresip's `CALL_CLOSED`: a SIP status line
    /// ("486 Busy Here") when the far end refused the call, or the text of an errno when the
    /// call ended otherwise. baresip 1.0.0 says "Connection reset by user" when the user here
    /// hung up or rejected, "Connection reset by peer" when the far end hung up or gave up
    /// ringing, and "Connection timed out" when nobody answered an INVITE in time (about 32 s).
    /// A sound device that does not open ends the call as soon as it is answered with ALSA's
    /// negative error code passed on as it is: "Unknown error -2" (no such device), said here
    /// in plain words. Anything else ("end of file" when aufile's WAV ends) is a failure in its
    /// own words.
    public init(baresipClosedParam param: String) {
        let text = param.trimmingBlanks()
        if let error = text.negativeErrorCode {
            self = .failed(Self.baresipSoundDevice + ": " + Errno(error).text)
            return
        }
        switch text.statusCode {
        case 486, 600: self = .busy
        case 603: self = .rejected
        case 408, 480, 487: self = .noAnswer
        default:
            switch text {
            case "Connection reset by user": self = .hungUpHere
            case "Connection reset by peer": self = .hungUpThere
            case "Connection timed out": self = .noAnswer
            case "": self = .failed("baresip gave no reason")
            default: self = .failed(text)
            }
        }
    }
}

extension CallEnd {
    /// What t9dial says of a call baresip ended because its sound device did not open.
    public static let baresipSoundDevice = "baresip could not open its sound device (audio_player/audio_source in baresip's config)"
}

extension String {
    /// N of "Unknown error -N": the text libre gives a negative error code, which in baresip
    /// 1.0.0 only its sound modules (ALSA's `snd_pcm_open`) return.
    fileprivate var negativeErrorCode: Int32? {
        guard hasPrefix("Unknown error -"), let code = Int32(dropFirst("Unknown error -".count)), code > 0 else { return nil }
        return code
    }

    /// The SIP status code a text starts with ("486 Busy Here" gives 486), or nil.
    fileprivate var statusCode: Int? {
        let digits = prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 3, dropFirst(3).first.map({ $0 == " " }) ?? true, let code = Int(digits) else { return nil }
        return (100...699).contains(code) ? code : nil
    }
}
