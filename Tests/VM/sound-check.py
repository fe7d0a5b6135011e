#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Analyses what the guest's t9dial played, on the host, after a VM run (README.md, check 8).

QEMU records the guest's sound card (intel-hda + hda-output) in hda.wav and its PC speaker in
pcspk.wav, in the run's folder. Before each sound scenario the guest asked the host for a mark
(run-vm-tests.py writes marks.json: each scenario's name with the size of each recording at
that moment), so the sounds of a scenario are those that start after its mark and before the
next. The guest also wrote the LED events the kernel sent back on the uinput lamp (led.events,
with the kernel's timestamps). Nothing here trusts t9dial: the samples are measured.

- Frequencies: the Goertzel algorithm (as Sources/Tones does), scanned around each expected
  frequency in 1 Hz steps and refined by a parabola through the peak.
- Sound and silence: the RMS of 5 ms blocks against a fixed floor (the guest's silence is
  digital zero), giving the on and off edges.
- DTMF keys, which QEMU records back to back (it writes nothing while the guest's stream is
  stopped, so the silence between two keys is not in the file): each 10 ms step of a 20 ms
  window is given the strongest row and column of ITU-T Q.23, and a run of steps with the same
  pair is one key.

Usage: sound-check.py WORK_FOLDER   prints one PASS or FAIL line per check (run-vm-tests.py
imports `checks` and adds the lines to the suite's report).
"""
import array
import cmath
import json
import math
import os
import struct
import sys

# How far a measured frequency may be from the one meant, as a fraction (the host tests' 1.5%).
FREQUENCY_TOLERANCE = 0.015
# How far a cadence's edge may be from where it belongs, in the VM. The host's tests hold 50 ms
# with the real alsa-lib; here the edges also move with the emulated guest's scheduling (a late
# wake-up lights the LED late; a stream that underruns drops samples), which this live test
# allows for generously, still well under the shortest part of any ring (README.md, check 8).
CADENCE_TOLERANCE_MS = 100
# The edges: 5 ms blocks, sounding above this RMS (of 32767). The quietest tone played (a key at
# tone_volume 50) is thousands; the guest's silence is zero.
BLOCK_MS = 5
SOUNDING_RMS = 100
DTMF_ROWS = [697, 770, 852, 941]
DTMF_COLUMNS = [1209, 1336, 1477, 1633]
DTMF_KEYS = ["123A", "456B", "789C", "*0#D"]
EV_LED, LED_CAPSL = 0x11, 1


class Recording:
    """A WAV file QEMU wrote (16-bit PCM), as one channel of samples. QEMU writes the header's
    sizes when it closes the file; a run killed before that leaves them 0, so the data is read
    to the end of the file."""

    def __init__(self, path):
        with open(path, "rb") as file:
            data = file.read()
        if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
            raise ValueError(f"{path} is not a WAV file")
        offset, self.rate, self.channels, self.start = 12, 0, 0, 0
        while offset + 8 <= len(data):
            chunk, size = data[offset:offset + 4], struct.unpack_from("<I", data, offset + 4)[0]
            if chunk == b"fmt ":
                _, self.channels, self.rate = struct.unpack_from("<HHI", data, offset + 8)
                bits = struct.unpack_from("<H", data, offset + 22)[0]
                if bits != 16:
                    raise ValueError(f"{path} has {bits}-bit samples, not 16")
            elif chunk == b"data":
                self.start = offset + 8
                break
            offset += 8 + size
        if not self.rate or not self.start:
            raise ValueError(f"{path} has no fmt or data chunk")
        frame = 2 * self.channels
        samples = array.array("h", data[self.start:self.start + (len(data) - self.start) // frame * frame])
        if sys.byteorder != "little":
            samples.byteswap()
        self.samples = samples[:: self.channels]  # QEMU puts a mono stream on both channels
        # QEMU writes through the C library's buffer, of the file system's block size.
        self.buffered_frames = os.stat(path).st_blksize // frame + 1

    def frame_at(self, file_size):
        """The frame at which the file's data stood when the file had `file_size` bytes."""
        return max(0, (file_size - self.start) // (2 * self.channels))

    def ms(self, frames):
        return frames * 1000.0 / self.rate


def goertzel(samples, rate, hertz):
    """The power of `hertz` in `samples`."""
    coefficient = 2 * math.cos(2 * math.pi * hertz / rate)
    previous = before = 0.0
    for sample in samples:
        previous, before = sample + coefficient * previous - before, previous
    return previous * previous + before * before - coefficient * previous * before


def peak_frequency(samples, rate, low, high):
    """The strongest frequency between `low` and `high` hertz: a 1 Hz scan, then a parabola
    through the peak and its neighbours."""
    grid = list(range(int(low), int(high) + 1))
    powers = [goertzel(samples, rate, hertz) for hertz in grid]
    best = max(range(len(grid)), key=powers.__getitem__)
    if 0 < best < len(grid) - 1:
        left, middle, right = powers[best - 1], powers[best], powers[best + 1]
        curvature = left - 2 * middle + right
        if curvature < 0:
            return grid[best] + 0.5 * (left - right) / curvature
    return float(grid[best])


def runs(samples, rate, begin, end):
    """The sounding and silent runs of samples[begin:end], as (sounding, first frame, frames),
    in 5 ms blocks."""
    block = rate * BLOCK_MS // 1000
    found = []
    for start in range(begin, end, block):
        part = samples[start:min(start + block, end)]
        sounding = math.sqrt(sum(v * v for v in part) / len(part)) > SOUNDING_RMS
        if found and found[-1][0] == sounding:
            found[-1][2] += len(part)
        else:
            found.append([sounding, start, len(part)])
    return [tuple(run) for run in found]


def near(measured, meant):
    return abs(measured - meant) <= FREQUENCY_TOLERANCE * meant


def pair_report(samples, rate, meant):
    """The measured peak near each frequency of `meant` (a pair 40 Hz apart, as 440 and 480, is
    looked for on each side of their middle), and whether each is within the tolerance."""
    low, high = min(meant), max(meant)
    middle = (low + high) / 2
    spread = max(FREQUENCY_TOLERANCE * 3 * high, 10)
    if len(meant) == 1:
        bands = [(low * 0.7, low * 1.3)]  # a lone tone: wide, so that a wrong one is named
    else:
        bands = [(low - spread, min(low + spread, middle - 1)), (max(high - spread, middle + 1), high + spread)]
    measured = [peak_frequency(samples, rate, a, b) for a, b in bands]
    return measured, all(near(m, f) for m, f in zip(measured, sorted(meant)))


def dropped(samples, rate, start, frames, pair):
    """Where a ring of two tones skips (the guest's stream underran and ALSA dropped what it
    had buffered): the phase between the two tones, in 50 ms windows, jumps. Returns the jumps
    as (ms into the ring, ms skipped, modulo the pair's beat period). For a failure's message."""
    window = rate // 20
    beat = 1000.0 / abs(pair[1] - pair[0])
    phases = []
    for at in range(start, start + frames - window, window):
        sums = [sum(samples[at + i] * cmath.exp(-2j * math.pi * f * (at + i) / rate) for i in range(window)) for f in pair]
        phases.append((at, cmath.phase(sums[0] / sums[1]) if abs(sums[1]) else 0.0))
    jumps = []
    for (_, before), (at, after) in zip(phases, phases[1:]):
        skipped = (math.degrees(after - before) % 360) / 360 * beat
        if min(skipped, beat - skipped) > 1:
            jumps.append((1000.0 * (at - start) / rate, skipped))
    return jumps


def dtmf_keys(samples, rate, begin, end):
    """The DTMF keys in samples[begin:end], in order, as (key, first frame, frames)."""
    window, step = rate * 20 // 1000, rate * 10 // 1000
    labels = []
    for start in range(begin, max(begin, end - window) + 1, step):
        part = samples[start:start + window]
        if math.sqrt(sum(v * v for v in part) / len(part)) <= SOUNDING_RMS:
            labels.append((None, start))
            continue
        rows = [goertzel(part, rate, f) for f in DTMF_ROWS]
        columns = [goertzel(part, rate, f) for f in DTMF_COLUMNS]
        row, column = rows.index(max(rows)), columns.index(max(columns))
        labels.append((DTMF_KEYS[row][column], start))
    keys = []
    for key, start in labels:
        if keys and keys[-1][0] == key:
            keys[-1][2] = start + step - keys[-1][1]
        else:
            keys.append([key, start, step])
    # A window straddling two keys can be given either; a key is at least 3 steps.
    return [tuple(k) for k in keys if k[0] is not None and k[2] >= 3 * step]


def sounding_runs_from(recording, marks, name, which):
    """The sounding runs of the scenario `name` in `which` (hda or pcspk), as (first frame,
    frames), with the frames where the scenario begins and ends: from its mark to the next.
    QEMU writes nothing while no stream plays, so one scenario's sound follows the last one's
    with no silence between, and the mark is the boundary. But QEMU writes the file through a
    buffer, which at the mark can still hold the end of the last scenario's sound; a sounding
    run at the very start of a scenario, no longer than that buffer holds, is that end."""
    names = [mark["name"] for mark in marks]
    index = names.index(name)
    begin = recording.frame_at(marks[index][which])
    end = recording.frame_at(marks[index + 1][which]) if index + 1 < len(marks) else len(recording.samples)
    found = [(start, frames) for sounding, start, frames in runs(recording.samples, recording.rate, begin, end) if sounding]
    if found and found[0][0] == begin and found[0][1] <= recording.buffered_frames:
        found = found[1:]
    return found, begin, end


def fmt(values, digits=0):
    return "+".join(f"{v:.{digits}f}" for v in values)


def cadence_line(label, measured, meant):
    """PASS or FAIL for on/off lengths measured against those meant, within the tolerance."""
    worst = max((abs(m - e) for m, e in zip(measured, meant)), default=0)
    ok = len(measured) >= len(meant) and worst <= CADENCE_TOLERANCE_MS
    shown = " ".join(f"{m:.0f}" for m in measured)
    return ("PASS" if ok else "FAIL") + (
        f" {label}: on/off {shown} ms, meant {' '.join(str(e) for e in meant)} ms "
        f"(worst edge {worst:.0f} ms, tolerance {CADENCE_TOLERANCE_MS} ms)")


def check_ring(recording, marks, name, label, frequencies, meant):
    """A ring through the sound card: its pair, and its on and off lengths from the first
    sounding run (`meant`: on, off, on...; the last on part may be cut by the call's end)."""
    sounding, begin, end = sounding_runs_from(recording, marks, name, "hda")
    if not sounding:
        return [f"FAIL {label}: nothing sounded in hda.wav between its mark and the next "
                f"({recording.ms(end - begin):.0f} ms of samples): the ring did not reach the sound card"]
    first, length = sounding[0]
    middle = first + length // 4
    measured, ok = pair_report(recording.samples[middle:middle + recording.rate // 2], recording.rate, frequencies)
    lines = [("PASS" if ok else "FAIL") + f" {label}: {fmt(frequencies)} Hz heard (measured {fmt(measured, 1)} Hz, "
             f"within {FREQUENCY_TOLERANCE * 100:.1f}%)"]
    lengths = []
    for (start, frames), following in zip(sounding, sounding[1:] + [(end, 0)]):
        lengths += [recording.ms(frames), recording.ms(following[0] - start - frames)]
    line = cadence_line(f"{label}, cadence in hda.wav", lengths[:len(meant)], meant)
    if line.startswith("FAIL") and len(frequencies) == 2:
        skips = dropped(recording.samples, recording.rate, first, length, frequencies)
        line += "; " + (", ".join(f"at {at:.0f} ms the tone skips {skip:.0f} ms (or that and a multiple of {1000 / abs(frequencies[1] - frequencies[0]):.0f})"
                                  for at, skip in skips) + ": the guest's stream underran and dropped samples" if skips else
                        "the tone never skips, so t9dial played it so")
    lines.append(line)
    return lines


def check_keys(recording, marks, name, label, typed):
    sounding, begin, end = sounding_runs_from(recording, marks, name, "hda")
    keys = []
    for start, frames in sounding:
        found = dtmf_keys(recording.samples, recording.rate, start, start + frames)
        # A key alone in its run is as long as the run; keys back to back, as their windows.
        keys += [(found[0][0], start, frames)] if len(found) == 1 else found
    found = "".join(k[0] for k in keys)
    lines = [("PASS" if found == typed else "FAIL") + f" {label}: keys {typed} typed, DTMF heard {found or 'nothing'}"]
    for key, start, frames in keys:
        row, column = next((r, c) for r, keys_of_row in enumerate(DTMF_KEYS) for c, k in enumerate(keys_of_row) if k == key)
        meant = [DTMF_ROWS[row], DTMF_COLUMNS[column]]
        trim = recording.rate // 100
        measured = [peak_frequency(recording.samples[start + trim:start + frames - trim], recording.rate,
                                   f * (1 - 3 * FREQUENCY_TOLERANCE), f * (1 + 3 * FREQUENCY_TOLERANCE)) for f in meant]
        ok = all(near(m, f) for m, f in zip(measured, meant))
        lines.append(("PASS" if ok else "FAIL") + f" {label}, key {key}: {fmt(meant)} Hz (measured {fmt(measured, 1)} Hz, "
                     f"within {FREQUENCY_TOLERANCE * 100:.1f}%), about {recording.ms(frames):.0f} ms")
    return lines


def check_beeper(recording, marks, name, label, hertz, on_parts):
    """The PC speaker: QEMU records it only while it sounds, so the off parts are not in the
    file; the tone, and its time on in all, are."""
    sounding, begin, end = sounding_runs_from(recording, marks, name, "pcspk")
    if not sounding:
        return [f"FAIL {label}: nothing sounded in pcspk.wav: the beeper's tone did not reach QEMU's PC speaker"]
    # Within one on part: two parts recorded back to back need not join in phase.
    first, length = max(sounding, key=lambda run: run[1])
    part = min(length, recording.rate * (min(on_parts) - CADENCE_TOLERANCE_MS) // 1000)
    measured, ok = pair_report(recording.samples[first:first + part], recording.rate, [hertz])
    total = sum(recording.ms(frames) for _, frames in sounding)
    meant = sum(on_parts)
    worst = CADENCE_TOLERANCE_MS
    return [
        ("PASS" if ok else "FAIL") + f" {label}: {hertz} Hz heard (measured {measured[0]:.1f} Hz, "
        f"within {FREQUENCY_TOLERANCE * 100:.1f}%)",
        ("PASS" if abs(total - meant) <= worst else "FAIL") + f" {label}: sounding {total:.0f} ms in all "
        f"({' '.join(f'{recording.ms(f):.0f}' for _, f in sounding)}), meant {meant} ms "
        f"({' + '.join(map(str, on_parts))}, within {worst} ms)",
    ]


def lamp_changes(path, section):
    """The LED's brightness as the kernel reported it back to the uinput lamp in the scenario
    `section` (from the lamp's "mark NAME" line to the next mark): (value, seconds) for each
    change, on the kernel's clock."""
    changes, inside = [], False
    for line in open(path):
        fields = line.split()
        if len(fields) == 2 and fields[0] == "mark":
            inside = fields[1] == section
        elif inside and len(fields) == 4 and fields[0] == "led" and int(fields[1]) == LED_CAPSL:
            value, when = int(fields[2]), float(fields[3])
            if not changes or changes[-1][0] != value:
                changes.append((value, when))
    return changes


def lamp_on_ms(changes):
    """How long the LED was lit in all, from the changes of one scenario."""
    return sum((b[1] - a[1]) * 1000 for a, b in zip(changes, changes[1:]) if a[0] == 1)


def check_lamp(path, section, label, meant):
    """The LED's changes in the scenario `section`, against the cadence `meant` (on, off, ...)."""
    changes = lamp_changes(path, section)
    values = "".join(str(v) for v, _ in changes)
    if not values.startswith("10"):
        return [f"FAIL {label}: the LED went {values or 'nowhere'} (1 on, 0 off), not on and off with the ring"]
    lengths = [(b[1] - a[1]) * 1000 for a, b in zip(changes, changes[1:])]
    return [cadence_line(f"{label}, cadence of its brightness (kernel's stamps)", lengths[:len(meant)], meant)]


def check_call_on_beeper_and_lamp(recording, marks, work, name, label, hertz, meant):
    """A call ringing the beeper and the LED at once, as long as it rings: the LED's cadence
    from the kernel's stamps, and the beeper's tone. QEMU leaves the speaker's off parts out
    of its recording, so the beeper's on parts join there; the time it sounded in all must be
    the time the LED was lit, as both follow the one ring."""
    path = os.path.join(work, "led.events")
    lines = check_lamp(path, name, f"LED inputN::capslock (input-leds): {label}", meant)
    sounding, _, _ = sounding_runs_from(recording, marks, name, "pcspk")
    if not sounding:
        return lines + [f"FAIL PC speaker (pcspkr): {label}: nothing sounded in pcspk.wav"]
    first, length = max(sounding, key=lambda run: run[1])
    part = min(length, recording.rate * (min(meant[0::2]) - CADENCE_TOLERANCE_MS) // 1000)
    measured, ok = pair_report(recording.samples[first:first + part], recording.rate, [hertz])
    lines.append(("PASS" if ok else "FAIL") + f" PC speaker (pcspkr): {label}: {hertz} Hz heard "
                 f"(measured {measured[0]:.1f} Hz, within {FREQUENCY_TOLERANCE * 100:.1f}%)")
    total = sum(recording.ms(frames) for _, frames in sounding)
    lit = lamp_on_ms(lamp_changes(path, name))
    worst = CADENCE_TOLERANCE_MS
    lines.append(("PASS" if lit >= meant[0] and abs(total - lit) <= worst else "FAIL")
                 + f" PC speaker (pcspkr): {label}: sounding {total:.0f} ms in all, as long as the LED was lit "
                 f"({lit:.0f} ms, at least the first on part, {meant[0]} ms; within {worst} ms)")
    return lines


def checks(work, scenarios):
    """The lines for every scenario the guest marked: `scenarios` maps a mark's name to a check."""
    marks_path = os.path.join(work, "marks.json")
    if not os.path.exists(marks_path):
        return ["FAIL sound: the guest marked no sound scenario (no marks.json): it never reached them"]
    marks = json.load(open(marks_path))
    lines = []
    recordings = {}
    for which in ("hda", "pcspk"):
        path = os.path.join(work, f"{which}.wav")
        try:
            recordings[which] = Recording(path)
        except (OSError, ValueError) as error:
            lines.append(f"FAIL sound: QEMU's recording {path} cannot be read: {error}")
    for mark in marks:
        check = scenarios.get(mark["name"])
        if check is None:
            continue
        try:
            lines += check(recordings, marks, work)
        except (KeyError, OSError, ValueError) as error:
            lines.append(f"FAIL sound, {mark['name']}: cannot be analysed: {error!r}")
    missing = sorted(set(scenarios) - {mark["name"] for mark in marks})
    if missing:
        lines.append(f"FAIL sound: the guest never reached {', '.join(missing)}")
    return lines


# What the guest's scenarios (guest-tests.sh, section 8) played, by the name of their mark.
US_RING = [440, 480]
UK_RING = [400, 450]
SCENARIOS = {
    "ring-alsa": lambda r, marks, work: check_ring(
        r["hda"], marks, "ring-alsa", "sound card: t9dial ring, us", US_RING, [2000, 4000]),
    "keys": lambda r, marks, work: check_keys(
        r["hda"], marks, "keys", "sound card: key tones of the USB keypad typed over QMP", "3579"),
    "call": lambda r, marks, work: check_ring(
        r["hda"], marks, "call", "sound card: an incoming modem call (RING, +CLIP) rings", US_RING, [2000, 4000])
    + check_call_on_beeper_and_lamp(
        r["pcspk"], marks, work, "call", "an incoming modem call (RING, +CLIP) rings, us", max(US_RING), [2000, 4000]),
    "sip-call": lambda r, marks, work: check_ring(
        r["hda"], marks, "sip-call", "sound card: an incoming SIP call through baresip rings", US_RING, [2000, 4000])
    + check_call_on_beeper_and_lamp(
        r["pcspk"], marks, work, "sip-call", "an incoming SIP call through baresip rings, us", max(US_RING), [2000, 4000]),
    "mm-call": lambda r, marks, work: check_ring(
        r["hda"], marks, "mm-call", "sound card: an incoming call through ModemManager rings", US_RING, [2000, 4000])
    + check_call_on_beeper_and_lamp(
        r["pcspk"], marks, work, "mm-call", "an incoming call through ModemManager rings, us", max(US_RING), [2000, 4000]),
    "ring-beeper-led": lambda r, marks, work: check_beeper(
        r["pcspk"], marks, "ring-beeper-led", "PC speaker (pcspkr): t9dial ring, uk", max(UK_RING), [400, 400])
    + check_lamp(os.path.join(work, "led.events"), "ring-beeper-led", "LED inputN::capslock (input-leds): t9dial ring, uk",
                 [400, 200, 400]),
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[-1])
    lines = checks(sys.argv[1], SCENARIOS)
    print("\n".join(lines))
    sys.exit(1 if any(line.startswith("FAIL") for line in lines) else 0)


if __name__ == "__main__":
    main()
