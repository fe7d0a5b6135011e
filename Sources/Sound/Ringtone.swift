// SPDX-License-Identifier: Apache-2.0

import SystemCalls
import Tones

/// A ringtone file read as a hostile file is: a regular file within WAV's size limit (a FIFO
/// or /dev/zero refused at once), decoded with every size checked, made to the player's rate.
enum Ringtone {
    static func read(_ path: String, rate: Int) -> Result<PCMClip, SoundProblem> {
        let fallback = "ringing with tones instead"
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: WAVFile.Limits.maxBytes)
        } catch {
            return .failure(SoundProblem(.ringtone(path), reason: error.reason, remedy: "\(error.remedy); \(fallback)"))
        }
        do throws(WAVError) {
            return .success(try WAVFile.decode(bytes).resampled(to: rate))
        } catch {
            return .failure(SoundProblem(.ringtone(path), reason: error.description, remedy: fallback))
        }
    }
}
