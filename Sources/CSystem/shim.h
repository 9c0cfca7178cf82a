#ifndef GRAPH_EXPLORER_CSYSTEM_SHIM_H
#define GRAPH_EXPLORER_CSYSTEM_SHIM_H

// The system calls the command line needs that Swift cannot make as written: `sigaction`
// (a struct named like the function) and the `TIOCGWINSZ` ioctl (variadic), apart from
// libedit, so that what `serve` needs does not come with the line editor.

#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

// Installs `handler` for SIGINT without SA_RESTART, so that a blocking read is interrupted.
// The flag the handler sets lives in Swift (ExplorerCLI's Interrupts): a `static` variable in
// this header would be one copy per object file in an optimised build, and the handler would
// set a copy the REPL never reads.
static inline int ge_install_sigint_handler(void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(SIGINT, &action, NULL);
}

// Installs `handler` for `signo` for the whole process (every thread), with SA_RESTART: the
// way `serve` hears SIGINT and SIGTERM whichever thread the kernel delivers them to.
static inline int ge_install_signal_handler(int signo, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  return sigaction(signo, &action, NULL);
}

// The terminal's height in rows, or 0 when `fd` is no terminal.
static inline int ge_terminal_rows(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_row;
}

static inline int ge_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

#endif
