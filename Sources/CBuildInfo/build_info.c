// SPDX-License-Identifier: Apache-2.0
// Package.swift defines T9DIAL_VERSION and T9DIAL_COMMIT for this file alone; the fallbacks
// keep it compiling should it ever be built some other way.
#include "CBuildInfo.h"

#ifndef T9DIAL_VERSION
#define T9DIAL_VERSION "unknown version"
#endif
#ifndef T9DIAL_COMMIT
#define T9DIAL_COMMIT "unknown commit"
#endif

const char *t9dial_build_version(void) { return T9DIAL_VERSION; }

const char *t9dial_build_commit(void) { return T9DIAL_COMMIT; }
