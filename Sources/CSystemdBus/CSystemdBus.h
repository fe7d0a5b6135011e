// SPDX-License-Identifier: Apache-2.0
// sd-bus, libsystemd's D-Bus library, for the Telephony module's ModemManager line
// (Sources/Telephony/ModemManager/Internals/SystemdBus.swift), which makes every sd-bus call
// through these functions.
//
// libsystemd is opened when a ModemManager line first connects (t9dial_sd_bus_load), not
// linked: t9dial's binary and its Debian package need no libsystemd, and a board without it
// gets a clear error when [dial] method = "modemmanager" is chosen, and nothing else changes.
//
// The types and functions below are sd-bus's public ABI (systemd's sd-bus.h, stable since
// systemd 221; sd_bus_add_match_async since 237, sd_bus_close_unref since 241), declared here
// so that building needs no libsystemd-dev. Only functions that are not variadic are used:
// Swift cannot call variadic C functions, so messages are built one argument at a time.
#ifndef T9DIAL_CSYSTEMDBUS_H
#define T9DIAL_CSYSTEMDBUS_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct sd_bus sd_bus;
typedef struct sd_bus_message sd_bus_message;
typedef struct sd_bus_slot sd_bus_slot;

/// An error as sd-bus gives it: a D-Bus error name and its message.
typedef struct {
    const char *name;
    const char *message;
    int _need_free;
} sd_bus_error;

typedef int (*sd_bus_message_handler_t)(sd_bus_message *m, void *userdata, sd_bus_error *ret_error);

/// The sd-bus functions t9dial calls, as t9dial_sd_bus_load finds them.
typedef struct t9dial_sd_bus_api {
    int (*open_system)(sd_bus **ret);
    int (*new_bus)(sd_bus **ret);
    int (*set_address)(sd_bus *bus, const char *address);
    int (*set_bus_client)(sd_bus *bus, int b);
    int (*start)(sd_bus *bus);
    sd_bus *(*close_unref)(sd_bus *bus);
    int (*get_fd)(sd_bus *bus);
    int (*get_events)(sd_bus *bus);
    int (*get_timeout)(sd_bus *bus, uint64_t *timeout_usec);
    int (*process)(sd_bus *bus, sd_bus_message **r);
    int (*call_async)(sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec);
    int (*add_match_async)(
        sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, sd_bus_message_handler_t install_callback,
        void *userdata);
    int (*message_new_method_call)(
        sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member);
    sd_bus_message *(*message_unref)(sd_bus_message *m);
    int (*message_append_basic)(sd_bus_message *m, char type, const void *p);
    int (*message_open_container)(sd_bus_message *m, char type, const char *contents);
    int (*message_close_container)(sd_bus_message *m);
    int (*message_get_type)(sd_bus_message *m, uint8_t *type);
    int (*message_get_cookie)(sd_bus_message *m, uint64_t *cookie);
    int (*message_get_reply_cookie)(sd_bus_message *m, uint64_t *cookie);
    const char *(*message_get_path)(sd_bus_message *m);
    const char *(*message_get_interface)(sd_bus_message *m);
    const char *(*message_get_member)(sd_bus_message *m);
    const sd_bus_error *(*message_get_error)(sd_bus_message *m);
    int (*message_peek_type)(sd_bus_message *m, char *type, const char **contents);
    int (*message_read_basic)(sd_bus_message *m, char type, void *p);
    int (*message_enter_container)(sd_bus_message *m, char type, const char *contents);
    int (*message_exit_container)(sd_bus_message *m);
} t9dial_sd_bus_api;

/// libsystemd's soname, the same since systemd 209 (Debian's libsystemd0).
static const char t9dial_sd_bus_soname[] = "libsystemd.so.0";

static inline const char *t9dial_sd_bus_default_soname(void) { return t9dial_sd_bus_soname; }

/// Opens the shared library `path` (libsystemd's soname when NULL) and fills `api` with its
/// functions. Returns NULL, or what went wrong (dlerror's message) when the library or one of
/// the functions is missing.
static inline const char *t9dial_sd_bus_load(const char *path, t9dial_sd_bus_api *api) {
    if (path == NULL) path = t9dial_sd_bus_soname;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
    struct { void **slot; const char *name; } wanted[] = {
        {(void **)&api->open_system, "sd_bus_open_system"},
        {(void **)&api->new_bus, "sd_bus_new"},
        {(void **)&api->set_address, "sd_bus_set_address"},
        {(void **)&api->set_bus_client, "sd_bus_set_bus_client"},
        {(void **)&api->start, "sd_bus_start"},
        {(void **)&api->close_unref, "sd_bus_close_unref"},
        {(void **)&api->get_fd, "sd_bus_get_fd"},
        {(void **)&api->get_events, "sd_bus_get_events"},
        {(void **)&api->get_timeout, "sd_bus_get_timeout"},
        {(void **)&api->process, "sd_bus_process"},
        {(void **)&api->call_async, "sd_bus_call_async"},
        {(void **)&api->add_match_async, "sd_bus_add_match_async"},
        {(void **)&api->message_new_method_call, "sd_bus_message_new_method_call"},
        {(void **)&api->message_unref, "sd_bus_message_unref"},
        {(void **)&api->message_append_basic, "sd_bus_message_append_basic"},
        {(void **)&api->message_open_container, "sd_bus_message_open_container"},
        {(void **)&api->message_close_container, "sd_bus_message_close_container"},
        {(void **)&api->message_get_type, "sd_bus_message_get_type"},
        {(void **)&api->message_get_cookie, "sd_bus_message_get_cookie"},
        {(void **)&api->message_get_reply_cookie, "sd_bus_message_get_reply_cookie"},
        {(void **)&api->message_get_path, "sd_bus_message_get_path"},
        {(void **)&api->message_get_interface, "sd_bus_message_get_interface"},
        {(void **)&api->message_get_member, "sd_bus_message_get_member"},
        {(void **)&api->message_get_error, "sd_bus_message_get_error"},
        {(void **)&api->message_peek_type, "sd_bus_message_peek_type"},
        {(void **)&api->message_read_basic, "sd_bus_message_read_basic"},
        {(void **)&api->message_enter_container, "sd_bus_message_enter_container"},
        {(void **)&api->message_exit_container, "sd_bus_message_exit_container"},
    };
    for (size_t index = 0; index < sizeof wanted / sizeof wanted[0]; index++) {
        *wanted[index].slot = dlsym(library, wanted[index].name);
        if (*wanted[index].slot == NULL) {
            static char missing[96];
            snprintf(missing, sizeof missing, "%s has no %s", path, wanted[index].name);
            return missing;
        }
    }
    return NULL;
}

#endif
