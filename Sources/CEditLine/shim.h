#ifndef GRAPH_EXPLORER_CEDITLINE_SHIM_H
#define GRAPH_EXPLORER_CEDITLINE_SHIM_H

// libedit's el_set and history are variadic and cannot be called from Swift;
// these static inline wrappers give each use a fixed signature.

#include <histedit.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static inline int ge_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
  return el_set(el, EL_PROMPT, prompt);
}

static inline int ge_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

static inline int ge_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

static inline int ge_el_set_signal(EditLine *el, int on) {
  return el_set(el, EL_SIGNAL, on);
}

static inline int ge_el_set_clientdata(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

static inline void *ge_el_get_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int ge_el_add_function(
    EditLine *el, const char *name, const char *help,
    unsigned char (*fn)(EditLine *, int)) {
  return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int ge_el_bind(EditLine *el, const char *key, const char *fn) {
  return el_set(el, EL_BIND, key, fn, NULL);
}

static inline int ge_history_setsize(History *h, HistEvent *ev, int size) {
  return history(h, ev, H_SETSIZE, size);
}

static inline int ge_history_enter(History *h, HistEvent *ev, const char *line) {
  return history(h, ev, H_ENTER, line);
}

static inline int ge_history_setunique(History *h, HistEvent *ev, int unique) {
  return history(h, ev, H_SETUNIQUE, unique);
}

static inline int ge_history_clear(History *h, HistEvent *ev) {
  return history(h, ev, H_CLEAR);
}

static inline int ge_el_set_addfn_bind(EditLine *el, const char *name, const char *help,
    unsigned char (*fn)(EditLine *, int), const char *key) {
  if (el_set(el, EL_ADDFN, name, help, fn) != 0) return -1;
  return el_set(el, EL_BIND, key, name, NULL);
}

// el_init on the process's standard streams (Swift 6 cannot touch the `stdin` globals).
static inline EditLine *ge_el_init_standard(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}

// Turns ISIG off in libedit's editing mode, so that Ctrl-C reaches the key map as a
// character (bound to cancelling the line) instead of raising SIGINT mid-read.
static inline int ge_el_setty_no_isig(EditLine *el) {
  return el_set(el, EL_SETTY, "-d", "-isig", NULL);
}

static inline int ge_el_source_default(EditLine *el) {
  return el_source(el, NULL);
}

#endif
