#ifndef GRAPH_EXPLORER_CCURL_SHIM_H
#define GRAPH_EXPLORER_CCURL_SHIM_H

// libcurl is not linked: it is opened with dlopen on first use, so a process that never talks
// to the network (the emulator, cassettes, serve, fmt, ...) never maps libcurl and its TLS and
// protocol libraries (gnutls, nettle, p11-kit, nghttp2, kerberos, ldap, ...). curl/curl.h is
// read for its types and constants only; every call goes through a table of the few functions
// used, filled by dlsym.
//
// A system-library target cannot hold a .c file, so everything here is static inline: each
// object file that calls these functions gets its own copy of the table and of its
// pthread_once. The copies hold the same addresses (dlopen hands every caller the one loaded
// libcurl); a copy costs one dlsym pass. curl_global_init is left to the caller, once per
// process.
//
// libcurl's curl_easy_setopt and curl_easy_getinfo are variadic and cannot be called from
// Swift; the ge_curl_set_* wrappers give each kind of argument a fixed signature.

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/// The file opened: the soname of libcurl 7 and 8.
#if defined(__APPLE__)
#define GE_CURL_LIBRARY "libcurl.4.dylib"
#else
#define GE_CURL_LIBRARY "libcurl.so.4"
#endif

/// The libcurl functions graph-explorer calls.
typedef struct ge_curl_functions {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  void (*easy_reset)(CURL *handle);
  CURLcode (*easy_perform)(CURL *handle);
  const char *(*easy_strerror)(CURLcode code);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
  void (*slist_free_all)(struct curl_slist *list);
} ge_curl_functions;

/// Opens `library` (RTLD_NOW | RTLD_LOCAL) and fills `functions` from it: dlopen's handle, or
/// NULL with dlerror's text in `error` (`size` bytes, always terminated) and `functions` zeroed.
static inline void *ge_curl_open(
    const char *library, ge_curl_functions *functions, char *error, size_t size) {
  static const struct {
    const char *name;
    size_t offset;
  } symbols[] = {
      {"curl_global_init", offsetof(ge_curl_functions, global_init)},
      {"curl_easy_init", offsetof(ge_curl_functions, easy_init)},
      {"curl_easy_cleanup", offsetof(ge_curl_functions, easy_cleanup)},
      {"curl_easy_reset", offsetof(ge_curl_functions, easy_reset)},
      {"curl_easy_perform", offsetof(ge_curl_functions, easy_perform)},
      {"curl_easy_strerror", offsetof(ge_curl_functions, easy_strerror)},
      {"curl_easy_setopt", offsetof(ge_curl_functions, easy_setopt)},
      {"curl_easy_getinfo", offsetof(ge_curl_functions, easy_getinfo)},
      {"curl_slist_append", offsetof(ge_curl_functions, slist_append)},
      {"curl_slist_free_all", offsetof(ge_curl_functions, slist_free_all)},
  };
  memset(functions, 0, sizeof *functions);
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason ? reason : "dlopen failed");
    return NULL;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
    dlerror();
    void *address = dlsym(handle, symbols[i].name);
    if (address == NULL) {
      const char *reason = dlerror();
      snprintf(error, size, "%s", reason ? reason : symbols[i].name);
      memset(functions, 0, sizeof *functions);
      dlclose(handle);
      return NULL;
    }
    // POSIX guarantees a data pointer from dlsym converts to the function's pointer.
    memcpy((char *)functions + symbols[i].offset, &address, sizeof address);
  }
  error[0] = '\0';
  return handle;
}

/// This object file's table, filled once from GE_CURL_LIBRARY, and why it could not be.
typedef struct ge_curl_state {
  ge_curl_functions functions;
  void *handle;
  char error[512];
} ge_curl_state;

static inline ge_curl_state *ge_curl_shared_state(void) {
  static ge_curl_state state;
  return &state;
}

static inline void ge_curl_load_once(void) {
  ge_curl_state *state = ge_curl_shared_state();
  state->handle =
      ge_curl_open(GE_CURL_LIBRARY, &state->functions, state->error, sizeof state->error);
}

/// The functions, opened on the first call (thread-safe); NULL when libcurl cannot be loaded.
static inline const ge_curl_functions *ge_curl_loaded(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, ge_curl_load_once);
  ge_curl_state *state = ge_curl_shared_state();
  return state->handle ? &state->functions : NULL;
}

/// NULL once libcurl is loaded; otherwise dlerror's text saying why it is not.
static inline const char *ge_curl_load_error(void) {
  return ge_curl_loaded() ? NULL : ge_curl_shared_state()->error;
}

// The calls, through the table. Without libcurl they fail as libcurl itself reports failures
// (NULL, CURLE_FAILED_INIT) instead of crashing; callers check ge_curl_load_error first.

static inline CURLcode ge_curl_global_init(long flags) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->global_init(flags) : CURLE_FAILED_INIT;
}

static inline CURL *ge_curl_easy_init(void) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_init() : NULL;
}

static inline void ge_curl_easy_cleanup(CURL *handle) {
  const ge_curl_functions *f = ge_curl_loaded();
  if (f) f->easy_cleanup(handle);
}

static inline void ge_curl_easy_reset(CURL *handle) {
  const ge_curl_functions *f = ge_curl_loaded();
  if (f) f->easy_reset(handle);
}

static inline CURLcode ge_curl_easy_perform(CURL *handle) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_perform(handle) : CURLE_FAILED_INIT;
}

static inline const char *ge_curl_easy_strerror(CURLcode code) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_strerror(code) : "libcurl is not loaded";
}

static inline struct curl_slist *ge_curl_slist_append(struct curl_slist *list, const char *line) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->slist_append(list, line) : NULL;
}

static inline void ge_curl_slist_free_all(struct curl_slist *list) {
  const ge_curl_functions *f = ge_curl_loaded();
  if (f) f->slist_free_all(list);
}

typedef size_t (*ge_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ge_curl_progress_callback)(
    void *context, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total,
    curl_off_t uploaded);

static inline CURLcode ge_curl_set_long(CURL *handle, CURLoption option, long value) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode ge_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode ge_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode ge_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

static inline CURLcode ge_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *list) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, option, list) : CURLE_FAILED_INIT;
}

static inline CURLcode ge_curl_set_data_callback(
    CURL *handle, CURLoption option, ge_curl_data_callback callback) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, option, callback) : CURLE_FAILED_INIT;
}

static inline CURLcode ge_curl_set_progress_callback(
    CURL *handle, ge_curl_progress_callback callback) {
  const ge_curl_functions *f = ge_curl_loaded();
  return f ? f->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback) : CURLE_FAILED_INIT;
}

static inline long ge_curl_response_code(CURL *handle) {
  const ge_curl_functions *f = ge_curl_loaded();
  long code = 0;
  if (f) f->easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

#endif
