// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing

@Suite("Keymaps and device keys")
struct KeymapDeviceKeysTests {
    @Test(
        "The digits a device cannot type with a keymap",
        arguments: [
            ("every KP digit", Set<UInt16>([82, 79, 80, 81, 75, 76, 77, 71, 72, 73]), [UInt8]()),
            ("KP digits, and * # Enter NumLock", Set<UInt16>([82, 79, 80, 81, 75, 76, 77, 71, 72, 73, 55, 83, 96, 69]), []),
            ("no 5 and no 0", Set<UInt16>([79, 80, 81, 75, 77, 71, 72, 73]), [0, 5]),
            ("top-row digits only", Set<UInt16>(2...11), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
            ("nothing", Set<UInt16>(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ] as [(String, Set<UInt16>, [UInt8])]
    )
    func missingDigits(device: String, keys: Set<UInt16>, missing: [UInt8]) {
        #expect(InputFixtures.numpad.missingDigits(onDeviceWithKeys: keys) == missing, "\(device)")
    }
}
