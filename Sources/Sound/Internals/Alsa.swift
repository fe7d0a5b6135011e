// SPDX-License-Identifier: Apache-2.0

import CAlsa
import Glibc
import SystemCalls

/// The alsa-lib calls of the Sound module, one small wrapper each. alsa-lib returns a negative
/// errno on failure; each wrapper gives it back as an `Errno`.
enum Alsa {
    typealias PCMHandle = OpaquePointer
    typealias ConfigHandle = OpaquePointer

    /// A negative alsa-lib return code as an error, anything else as the value.
    static func check(_ code: Int32) -> Result<Int32, Errno> {
        code < 0 ? .failure(Errno(-code)) : .success(code)
    }

    /// Keeps alsa-lib from printing on standard error; the errors come back as values.
    /// (snd_lib_error_set_handler)
    static func quietErrors() {
        t9dial_alsa_quiet_errors()
    }

    /// Opens a playback PCM by name without waiting for a busy device, through the global
    /// configuration or through `configuration`. (snd_pcm_open, snd_pcm_open_lconf)
    static func openPlayback(_ name: String, configuration: ConfigHandle?) -> Result<PCMHandle, Errno> {
        var handle: PCMHandle?
        let code =
            if let configuration {
                snd_pcm_open_lconf(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK, configuration)
            } else {
                snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
            }
        return check(code).flatMap { _ in handle.map { .success($0) } ?? .failure(Errno(ENODEV)) }
    }

    /// Makes writes wait for room again, once the device is open. (snd_pcm_nonblock)
    static func setBlocking(_ pcm: PCMHandle) -> Result<Int32, Errno> {
        check(snd_pcm_nonblock(pcm, 0))
    }

    /// Signed 16-bit little-endian mono at `rate`, converted and resampled by alsa-lib to what
    /// the device takes, with about `latency` microseconds of buffer. (snd_pcm_set_params)
    static func setParameters(_ pcm: PCMHandle, rate: Int, latency: Int) -> Result<Int32, Errno> {
        check(snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(rate), 1, UInt32(latency)))
    }

    /// Writes mono frames; the count written. (snd_pcm_writei)
    static func write(_ pcm: PCMHandle, _ frames: UnsafeBufferPointer<Int16>) -> Result<Int, Errno> {
        let written = snd_pcm_writei(pcm, frames.baseAddress, snd_pcm_uframes_t(frames.count))
        return written < 0 ? .failure(Errno(Int32(-written))) : .success(Int(written))
    }

    /// Brings a stream back after an underrun or a suspend. (snd_pcm_recover)
    static func recover(_ pcm: PCMHandle, from error: Errno) -> Result<Int32, Errno> {
        check(snd_pcm_recover(pcm, -error.rawValue, 1))
    }

    /// Stops at once, dropping what is queued. (snd_pcm_drop)
    static func drop(_ pcm: PCMHandle) {
        _ = snd_pcm_drop(pcm)
    }

    /// Readies a stopped stream for writing. (snd_pcm_prepare)
    static func prepare(_ pcm: PCMHandle) -> Result<Int32, Errno> {
        check(snd_pcm_prepare(pcm))
    }

    /// Starts a prepared stream playing what is queued, however little. (snd_pcm_state,
    /// snd_pcm_start)
    static func startIfPrepared(_ pcm: PCMHandle) {
        if snd_pcm_state(pcm) == SND_PCM_STATE_PREPARED { _ = snd_pcm_start(pcm) }
    }

    /// Waits until what is queued has played. (snd_pcm_drain)
    static func drain(_ pcm: PCMHandle) {
        _ = snd_pcm_drain(pcm)
    }

    /// Closes a PCM. (snd_pcm_close)
    static func close(_ pcm: PCMHandle) {
        _ = snd_pcm_close(pcm)
    }

    /// A configuration made from text in alsa-lib's syntax, apart from the global one.
    /// (snd_config_top, snd_input_buffer_open, snd_config_load)
    static func configuration(_ text: String) -> Result<ConfigHandle, Errno> {
        var top: ConfigHandle?
        if case .failure(let error) = check(snd_config_top(&top)) { return .failure(error) }
        guard let top else { return .failure(Errno(ENOMEM)) }
        var bytes = Array(text.utf8)
        var input: OpaquePointer?
        let opened = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { check(snd_input_buffer_open(&input, $0.baseAddress, buffer.count)) }
        }
        if case .failure(let error) = opened {
            _ = snd_config_delete(top)
            return .failure(error)
        }
        let loaded = check(snd_config_load(top, input))
        _ = snd_input_close(input)
        if case .failure(let error) = loaded {
            _ = snd_config_delete(top)
            return .failure(error)
        }
        return .success(top)
    }

    /// Frees a configuration. (snd_config_delete)
    static func deleteConfiguration(_ configuration: ConfigHandle) {
        _ = snd_config_delete(configuration)
    }
}
