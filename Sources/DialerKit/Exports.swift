// SPDX-License-Identifier: Apache-2.0

// DialerKit is the program's front door, as swift-nio's NIO module is for NIOCore and
// NIOPosix: the command line imports DialerKit, and with it the modules the runs are made of
// that a command also calls directly, the contact book, the listings and the diagnostics.
@_exported import Diagnostics
@_exported import Phonebook
@_exported import Presentation
