// Linux headers t9dial uses that Swift's Glibc module does not bring in, and small inline
// wrappers for what does not import into Swift as it is. Swift code calls these only through
// the wrappers in DialerKit (see ProcessMemory.swift).
#ifndef T9DIAL_CLINUX_H
#define T9DIAL_CLINUX_H

#include <malloc.h>

/// mallopt(M_MMAP_THRESHOLD, bytes): allocations of at least `bytes` get pages of their own,
/// returned to the system when freed. Returns 1 on success, 0 on failure.
static inline int t9dial_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

#endif
