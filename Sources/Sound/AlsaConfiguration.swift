// SPDX-License-Identifier: Apache-2.0

import SystemCalls

/// An ALSA configuration made from text, used instead of the system's (alsa.conf, ~/.asoundrc)
/// to open a PCM: how the tests play into ALSA's `file` plugin, each test with its own file,
/// in one process whose global configuration alsa-lib has cached.
///
/// A class, shared by the player and the PCMs it opens, freed with the last of them.
public final class AlsaConfiguration: @unchecked Sendable {
    /// Only the player's thread opens PCMs with it once it is made; alsa-lib reads it then.
    let handle: OpaquePointer

    /// `pcm.out { type file; slave.pcm { type null }; file "OUT.wav"; format "wav" }`.
    public init(text: String) throws(SoundProblem) {
        Alsa.quietErrors()
        switch Alsa.configuration(text) {
        case .success(let handle): self.handle = handle
        case .failure(let error):
            throw SoundProblem(.alsa("configuration"), reason: "it is not valid ALSA configuration (\(error))", remedy: "check its syntax", errno: error)
        }
    }

    deinit { Alsa.deleteConfiguration(handle) }

    /// A configuration with one PCM, `name`, that writes what is played to a WAV file, with
    /// no sound card: ALSA's `file` plugin in front of its `null` plugin.
    public static func recording(pcm name: String, to path: String) throws(SoundProblem) -> AlsaConfiguration {
        let quoted = path.replacingOccurrencesOfQuote()
        return try AlsaConfiguration(text: "pcm.\(name) { type file slave.pcm { type null } file \"\(quoted)\" format \"wav\" }\n")
    }
}

extension String {
    /// The string inside an ALSA double-quoted string: backslashes and quotes escaped.
    fileprivate func replacingOccurrencesOfQuote() -> String {
        var escaped = ""
        for character in self {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
