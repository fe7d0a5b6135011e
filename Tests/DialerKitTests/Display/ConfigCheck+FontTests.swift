// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerKit
import Diagnostics
import ScreenOutput
import TestFixtures
import Testing

@Suite("ConfigCheck: the font, loaded as the screen loads it")
struct ConfigCheckFontTests {
    @Test("t9dial's own font and a font by path load; a missing one does not")
    func fonts() throws {
        let own = DialerConfiguration()
        #expect(ConfigCheck.fontProblem(own, dataDirectory: TestFiles.dataDirectory) == nil)
        let byPath = try DialerConfiguration.parse(text: "[screen]\nfont = \"\(TestFiles.dataDirectory)/fonts/t9dial-8x16.psf\"\n", file: "t.toml")
        #expect(ConfigCheck.fontProblem(byPath, dataDirectory: TestFiles.dataDirectory) == nil)
        let missing = try DialerConfiguration.parse(text: "[screen]\nfont = \"/no/such/font.psf\"\n", file: "t.toml")
        #expect(ConfigCheck.fontProblem(missing, dataDirectory: TestFiles.dataDirectory)?.location.line == 2)
    }

    @Test(
        "A font name that is not installed suggests the closest that is",
        arguments: [("Uni2-Terminus61", #" (did you mean "Uni2-Terminus16"?)"#), ("Nonexistent16", "")]
    )
    func fontSuggestion(name: String, suggestion: String) throws {
        try TestFiles.withTemporaryDirectory { folder in
            try TestFiles.write("", to: folder + "/Uni2-Terminus16.psf.gz")
            let problem = ScreenSetupError.fontFile(FontFileError(.notFound(name: name, folder: folder)))
            #expect(ScreenDisplay.fontMessage(problem) == problem.description + suggestion)
        }
    }
}
