// SPDX-License-Identifier: Apache-2.0

import SystemCalls

/// What went wrong with the D-Bus connection: libsystemd missing, or an sd-bus call that
/// returned a negative errno value.
enum BusError: Error, Hashable, CustomStringConvertible {
    /// libsystemd, or one of its functions, is not there.
    case libraryMissing(library: String, reason: String)
    /// An sd-bus call failed doing `operation` ("connect to the D-Bus system bus").
    case failed(operation: String, errno: Errno)

    var description: String {
        switch self {
        case .libraryMissing(let library, let reason):
            "cannot load \(library) (\(reason)); method = \"modemmanager\" talks to ModemManager through libsystemd's "
                + "sd-bus: install libsystemd0, or choose another [dial] method"
        case .failed(let operation, let errno):
            "cannot \(operation): \(errno)"
        }
    }

    /// An sd-bus return code: the value when it is not negative, else the error it names.
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) -> Result<Int32, BusError> {
        code >= 0 ? .success(code) : .failure(.failed(operation: operation(), errno: Errno(-code)))
    }
}
