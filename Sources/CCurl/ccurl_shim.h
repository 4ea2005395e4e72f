// The one header of the CCurl system-library target: libcurl, and typed wrappers of its variadic
// setters and getters, which Swift cannot call directly.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

typedef size_t (*roster_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode roster_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode roster_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode roster_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode roster_curl_set_callback(CURL *handle, CURLoption option, roster_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// Copies the bytes: the blob need not outlive the call.
static inline CURLcode roster_curl_set_blob(CURL *handle, CURLoption option, const void *data, size_t length) {
    struct curl_blob blob = {(void *)data, length, CURL_BLOB_COPY};
    return curl_easy_setopt(handle, option, &blob);
}

static inline CURLcode roster_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode roster_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode roster_curl_get_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}
/// The running libcurl's version information (CURLVERSION_NOW is a macro Swift cannot see).
static inline const curl_version_info_data *roster_curl_version(void) {
    return curl_version_info(CURLVERSION_NOW);
}
#endif
