// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Telephony
import Testing

@Suite("[screen] drm")
struct ScreenSettingsDRMTests {
    @Test("drm: an absolute path, or \"\" for none", arguments: [("drm = \"/dev/dri/card1\"", "/dev/dri/card1"), ("drm = \"\"", nil), ("", nil)])
    func drm(line: String, expected: String?) throws {
        #expect(try ScreenSettingsTests.parse("[screen]\n\(line)\n").drm == expected)
    }

    @Test("A relative drm names the line and says what is allowed")
    func relative() {
        #expect {
            try ScreenSettingsTests.parse("[screen]\ndrm = \"card0\"\n")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 2 && error.key == "screen.drm"
                && error.message.contains(#"must be the absolute path of a DRM card such as "/dev/dri/card0", or "" for none; found "card0""#)
        }
    }
}
