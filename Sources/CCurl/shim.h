// The system's libcurl, for SessionNetworking's CurlTransport on Linux.
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call; these typed wrappers can be.
#ifndef SESSION_CCURL_SHIM_H
#define SESSION_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*session_curl_data_callback)(char *, size_t, size_t, void *);

static inline CURLcode session_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode session_curl_set_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode session_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode session_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode session_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode session_curl_set_callback(
    CURL *handle, CURLoption option, session_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

typedef int (*session_curl_debug_callback)(CURL *, curl_infotype, char *, size_t, void *);

static inline CURLcode session_curl_set_debug_callback(CURL *handle, session_curl_debug_callback value) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, value);
}

static inline CURLcode session_curl_set_blob(CURL *handle, CURLoption option, const void *data, size_t length) {
    struct curl_blob blob = {(void *)data, length, CURL_BLOB_COPY};
    return curl_easy_setopt(handle, option, &blob);
}

static inline CURLcode session_curl_get_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode session_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
