// SPDX-License-Identifier: Apache-2.0
// zlib, for PNG files (deflate, crc32) and gzipped console fonts (inflate). Swift code calls
// it only through the wrappers in the ScreenOutput module.
#ifndef T9DIAL_CZLIB_H
#define T9DIAL_CZLIB_H
#include <zlib.h>
#endif
