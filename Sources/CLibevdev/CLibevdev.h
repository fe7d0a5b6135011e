// SPDX-License-Identifier: Apache-2.0
// libevdev, the input-event library t9dial reads keypads with, and small inline helpers for
// what does not import into Swift (function-like macros, the time fields of input_event).
// Swift code calls libevdev only through the wrappers in the Evdev module; KeypadInput uses
// this header for inotify and poll alone.
#ifndef T9DIAL_CLIBEVDEV_H
#define T9DIAL_CLIBEVDEV_H

#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <sys/inotify.h>
#include <poll.h>

/// The time of an event in microseconds (input_event_sec/usec are macros on some ABIs).
static inline long long t9dial_event_microseconds(const struct input_event *event) {
    return (long long)event->input_event_sec * 1000000LL + (long long)event->input_event_usec;
}

/// Sets the time of an event from microseconds.
static inline void t9dial_set_event_microseconds(struct input_event *event, long long microseconds) {
    event->input_event_sec = (time_t)(microseconds / 1000000LL);
    event->input_event_usec = (suseconds_t)(microseconds % 1000000LL);
}

#endif
