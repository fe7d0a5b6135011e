// SPDX-License-Identifier: Apache-2.0
// The version and git commit t9dial was built from. They are C functions, not Swift constants,
// because Package.swift can hand a value to a C file only (cSettings .define with a value;
// Swift's defines are bare flags): a new commit recompiles build_info.c and relinks t9dial,
// and nothing else.
#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/// The release version, from the VERSION file at the top of the repository: "0.9.0".
const char *t9dial_build_version(void);

/// The git commit built, abbreviated, "-dirty" after it for uncommitted changes: "348c649".
/// "unknown commit" when the build was not made by make (a plain swift build).
const char *t9dial_build_commit(void);

#endif
