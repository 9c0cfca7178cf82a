#ifndef GRAPH_EXPLORER_CCURL_SHIM_H
#define GRAPH_EXPLORER_CCURL_SHIM_H

// libcurl's curl_easy_setopt and curl_easy_getinfo are variadic and cannot be called from
// Swift; these static inline wrappers give each kind of argument a fixed signature.

#include <curl/curl.h>

typedef size_t (*ge_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ge_curl_progress_callback)(
    void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
    curl_off_t uploaded);

static inline CURLcode ge_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ge_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ge_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ge_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ge_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list) {
  return curl_easy_setopt(handle, option, list);
}

static inline CURLcode ge_curl_set_data_callback(
    CURL *handle, CURLoption option, ge_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ge_curl_set_progress_callback(
    CURL *handle, ge_curl_progress_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline long ge_curl_response_code(CURL *handle) {
  long code = 0;
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

#endif
