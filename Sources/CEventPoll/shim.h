#ifndef GRAPH_EXPLORER_CEVENTPOLL_SHIM_H
#define GRAPH_EXPLORER_CEVENTPOLL_SHIM_H

// Glibc's Swift module leaves out <sys/epoll.h>; GraphServer's event loop uses epoll on Linux
// (and poll elsewhere, where this header brings nothing).

#if defined(__linux__)
#include <sys/epoll.h>
#endif

#endif
