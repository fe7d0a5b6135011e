// SPDX-License-Identifier: Apache-2.0

import CSystemdBus

/// libsystemd's sd-bus functions, from the shared library opened the first time a line
/// connects: a t9dial that does not use ModemManager does not load libsystemd (see
/// CSystemdBus.h).
struct SystemdBusLibrary: @unchecked Sendable {
    /// The functions, filled once and never changed or freed: safe to read from any thread.
    let api: UnsafePointer<t9dial_sd_bus_api>

    /// libsystemd, opened once for the process.
    static let shared = load(nil)

    /// Opens the library at `path` (libsystemd's soname, `libsystemd.so.0`, when nil), or
    /// says why it cannot be. (dlopen, dlsym)
    static func load(_ path: String?) -> Result<SystemdBusLibrary, BusError> {
        let api = UnsafeMutablePointer<t9dial_sd_bus_api>.allocate(capacity: 1)
        let problem: UnsafePointer<CChar>?
        if let path { problem = t9dial_sd_bus_load(path, api) } else { problem = t9dial_sd_bus_load(nil, api) }
        guard let problem else { return .success(SystemdBusLibrary(api: UnsafePointer(api))) }
        api.deallocate()
        return .failure(.libraryMissing(library: path ?? String(cString: t9dial_sd_bus_default_soname()), reason: String(cString: problem)))
    }
}
