// SPDX-License-Identifier: Apache-2.0
// libxml2's streaming reader (xmlTextReader), for the CardDAV module's Multi-Status parser
// (Sources/CardDAV/XMLReader.swift), which makes every libxml2 call.
#ifndef T9DIAL_CXML2_H
#define T9DIAL_CXML2_H

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so encoding.h would include the system's ICU headers,
// whose declarations clash with those of the ICU that Foundation brings. Only the layout of
// xmlCharEncodingHandler depends on it, a struct t9dial never touches.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

#endif
