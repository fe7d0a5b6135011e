// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation
import Telephony

/// What a service whose config does not load still takes from it: the `[dial]` method and the
/// emergency numbers, when the `[dial]` table reads by itself, so that an emergency number is
/// dialled through the method the user chose even with a mistake elsewhere in the file. The
/// rest is the defaults, as before: a broken config searches an empty book.
extension Book {
    static func salvagedConfiguration(_ overrides: Overrides) -> DialerConfiguration {
        var salvaged = DialerConfiguration()
        let file = overrides.configFile ?? DialerConfiguration.defaultFiles().first { FileManager.default.fileExists(atPath: $0) }
        guard let file, let read = DialerConfiguration.read(path: file).configuration else { return salvaged }
        salvaged.dialSettings = read.dialSettings
        salvaged.emergencyNumbers = read.emergencyNumbers
        salvaged.voicemail = read.voicemail
        return salvaged
    }
}
