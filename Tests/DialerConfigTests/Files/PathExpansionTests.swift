// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("Path expansion")
struct PathExpansionTests {
    @Test(
        "Paths in a config file",
        arguments: [
            ("~", "/etc/t9dial/t9dial.toml", "/home/ann"),
            ("~/c.vcf", "/etc/t9dial/t9dial.toml", "/home/ann/c.vcf"),
            ("/srv/c.vcf", "/etc/t9dial/t9dial.toml", "/srv/c.vcf"),
            ("c.vcf", "/etc/t9dial/t9dial.toml", "/etc/t9dial/c.vcf"),
            ("../c.vcf", "conf/t9dial.toml", "conf/../c.vcf"),
            ("c.vcf", "t9dial.toml", "c.vcf"),
            ("~bob/c.vcf", "/etc/t9dial.toml", "~bob/c.vcf"),
        ])
    func expand(path: String, configFile: String, expanded: String) {
        #expect(PathExpansion.expand(path, configFile: configFile, home: "/home/ann") == expanded)
    }

    @Test("Without a home directory ~ is left alone")
    func noHome() {
        #expect(PathExpansion.expand("~/c.vcf", configFile: "/etc/t9dial.toml", home: nil) == "~/c.vcf")
    }
}
