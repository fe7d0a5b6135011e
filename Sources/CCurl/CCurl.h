// SPDX-License-Identifier: Apache-2.0
// libcurl, for the CardDAV module's transport (Sources/CardDAV/CurlTransport.swift), which makes
// every libcurl call. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call: these wrappers give each argument type its own function.
#ifndef T9DIAL_CCURL_H
#define T9DIAL_CCURL_H

#include <curl/curl.h>

static inline CURLcode t9dial_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode t9dial_curl_set_body(CURL *handle, const void *bytes, long length) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, length);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_POSTFIELDS, bytes);
}

typedef size_t (*t9dial_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode t9dial_curl_set_write(CURL *handle, t9dial_curl_data_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

static inline CURLcode t9dial_curl_set_header(CURL *handle, t9dial_curl_data_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

static inline long t9dial_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

#endif
