// SPDX-License-Identifier: Apache-2.0
// libcurl, for the CardDAV module's transport (Sources/CardDAV/CurlTransport.swift), which makes
// every libcurl call through these functions.
//
// libcurl is opened when the first sync starts (t9dial_curl_load), not linked: linked, it and
// the twenty libraries it brings in (TLS, Kerberos, LDAP, SSH...) were loaded by every t9dial
// process, a megabyte of their relocated pages in each, also in a dialer that never syncs.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: the wrappers
// below give each argument type its own function.
#ifndef T9DIAL_CCURL_H
#define T9DIAL_CCURL_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/// The libcurl functions t9dial calls, as t9dial_curl_load finds them.
typedef struct t9dial_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} t9dial_curl_api;

/// libcurl 4's soname, which every libcurl since 7.16 has (Debian's libcurl4). A C string in the
/// program's data: the Debian package's build finds it there (packaging/deb/build-deb.sh).
static const char t9dial_curl_soname[] = "libcurl.so.4";

static inline const char *t9dial_curl_default_soname(void) { return t9dial_curl_soname; }

/// Opens the shared library `path` (libcurl's soname when NULL) and fills `api` with its
/// functions. Returns NULL, or what went wrong (dlerror's message) when the library or one of
/// the functions is missing.
static inline const char *t9dial_curl_load(const char *path, t9dial_curl_api *api) {
    if (path == NULL) path = t9dial_curl_soname;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
    struct { void **slot; const char *name; } wanted[] = {
        {(void **)&api->global_init, "curl_global_init"},
        {(void **)&api->easy_init, "curl_easy_init"},
        {(void **)&api->easy_cleanup, "curl_easy_cleanup"},
        {(void **)&api->easy_perform, "curl_easy_perform"},
        {(void **)&api->easy_strerror, "curl_easy_strerror"},
        {(void **)&api->easy_setopt, "curl_easy_setopt"},
        {(void **)&api->easy_getinfo, "curl_easy_getinfo"},
        {(void **)&api->slist_append, "curl_slist_append"},
        {(void **)&api->slist_free_all, "curl_slist_free_all"},
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

static inline CURLcode t9dial_curl_global_init(const t9dial_curl_api *api) { return api->global_init(CURL_GLOBAL_DEFAULT); }

static inline CURL *t9dial_curl_easy_init(const t9dial_curl_api *api) { return api->easy_init(); }

static inline void t9dial_curl_easy_cleanup(const t9dial_curl_api *api, CURL *handle) { api->easy_cleanup(handle); }

static inline CURLcode t9dial_curl_easy_perform(const t9dial_curl_api *api, CURL *handle) { return api->easy_perform(handle); }

static inline const char *t9dial_curl_strerror(const t9dial_curl_api *api, CURLcode code) { return api->easy_strerror(code); }

static inline struct curl_slist *t9dial_curl_slist_append(const t9dial_curl_api *api, struct curl_slist *list, const char *text) {
    return api->slist_append(list, text);
}

static inline void t9dial_curl_slist_free_all(const t9dial_curl_api *api, struct curl_slist *list) { api->slist_free_all(list); }

static inline CURLcode t9dial_curl_set_long(const t9dial_curl_api *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_string(const t9dial_curl_api *api, CURL *handle, CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_list(const t9dial_curl_api *api, CURL *handle, CURLoption option, struct curl_slist *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_body(const t9dial_curl_api *api, CURL *handle, const void *bytes, long length) {
    CURLcode code = api->easy_setopt(handle, CURLOPT_POSTFIELDSIZE, length);
    return code != CURLE_OK ? code : api->easy_setopt(handle, CURLOPT_POSTFIELDS, bytes);
}

typedef size_t (*t9dial_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode t9dial_curl_set_write(const t9dial_curl_api *api, CURL *handle, t9dial_curl_data_callback callback, void *context) {
    CURLcode code = api->easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return code != CURLE_OK ? code : api->easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

static inline CURLcode t9dial_curl_set_header(const t9dial_curl_api *api, CURL *handle, t9dial_curl_data_callback callback, void *context) {
    CURLcode code = api->easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return code != CURLE_OK ? code : api->easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

static inline long t9dial_curl_response_code(const t9dial_curl_api *api, CURL *handle) {
    long code = 0;
    api->easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

#endif
