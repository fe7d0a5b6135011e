// SPDX-License-Identifier: Apache-2.0
// alsa-lib (Debian's libasound2), which the Sound module plays the ring and the tones with.
// Swift code calls it only through the wrappers in Sound/Internals/Alsa*.swift.
#ifndef T9DIAL_CALSA_H
#define T9DIAL_CALSA_H

#include <alsa/asoundlib.h>

static void t9dial_alsa_ignore_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// Stops alsa-lib printing its own messages on standard error: every failure comes back as a
/// return code, which t9dial turns into a message of its own (snd_lib_error_set_handler takes
/// a variadic function, which Swift cannot make).
static inline void t9dial_alsa_quiet_errors(void) {
    snd_lib_error_set_handler(t9dial_alsa_ignore_error);
}

#endif
