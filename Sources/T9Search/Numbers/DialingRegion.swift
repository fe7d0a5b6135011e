// SPDX-License-Identifier: Apache-2.0

/// How numbers are dialled inside one country: its calling code, the trunk prefix people dial
/// before a national number (0 in the UK, 8 in Russia), and its international call prefix.
///
/// With a region set, "+44 121 496 0000" can be found by typing it as a Briton dials it, 0121...,
/// and a number saved as "0121 496 0000" by typing 44121...
public struct DialingRegion: Sendable, Hashable {
    /// ISO 3166-1 alpha-2 code, uppercase ("GB").
    public var code: String
    public var callingCode: [UInt8]
    public var trunkPrefix: [UInt8]
    /// The prefixes dialled before a country code instead of `+` ("00", "011").
    public var internationalPrefixes: [[UInt8]]
    /// Part of the North American Numbering Plan: 10- and 7-digit local forms match too.
    public var isNANP: Bool

    public init(code: String, callingCode: String, trunkPrefix: String, internationalPrefixes: [String] = ["00"], isNANP: Bool = false) {
        self.code = code
        self.callingCode = Self.digits(callingCode)
        self.trunkPrefix = Self.digits(trunkPrefix)
        self.internationalPrefixes = internationalPrefixes.map(Self.digits)
        self.isNANP = isNANP
    }

    /// The region for an ISO code, case-insensitive, or nil when t9dial does not know it.
    public init?(_ code: String) {
        let upper = String(
            code.unicodeScalars.map { scalar in
                ("a"..."z").contains(scalar) ? Character(Unicode.Scalar(scalar.value - 32)!) : Character(scalar)
            })
        guard let region = Self.known[upper] else { return nil }
        self = region
    }

    /// Every region t9dial knows, by ISO code.
    public static let known: [String: DialingRegion] = {
        var regions: [String: DialingRegion] = [:]
        func add(_ codes: [String], _ callingCode: String, trunk: String, international: [String] = ["00"], nanp: Bool = false) {
            for code in codes {
                regions[code] = DialingRegion(code: code, callingCode: callingCode, trunkPrefix: trunk, internationalPrefixes: international, isNANP: nanp)
            }
        }
        // North America: trunk prefix 1, international prefix 011.
        add(
            [
                "US", "CA", "PR", "AG", "AI", "AS", "BB", "BM", "BS", "DM", "DO", "GD", "GU", "JM", "KN", "KY", "LC",
                "MP", "MS", "SX", "TC", "TT", "VC", "VG", "VI",
            ], "1", trunk: "1", international: ["011"], nanp: true)
        // Trunk prefix 0.
        for (code, callingCode) in [
            ("GB", "44"), ("IE", "353"), ("DE", "49"), ("AT", "43"), ("CH", "41"), ("NL", "31"), ("BE", "32"),
            ("FR", "33"), ("FI", "358"), ("SE", "46"), ("UA", "380"), ("BG", "359"), ("RS", "381"), ("HR", "385"),
            ("SI", "386"), ("BA", "387"), ("MK", "389"), ("RO", "40"), ("TR", "90"), ("IL", "972"), ("ZA", "27"),
            ("EG", "20"), ("NG", "234"), ("KE", "254"), ("IN", "91"), ("PK", "92"), ("BD", "880"), ("LK", "94"),
            ("CN", "86"), ("KR", "82"), ("TW", "886"), ("TH", "66"), ("VN", "84"), ("MY", "60"), ("ID", "62"),
            ("PH", "63"), ("NZ", "64"), ("BR", "55"), ("AR", "54"), ("PE", "51"), ("GE", "995"),
            ("AM", "374"), ("AZ", "994"), ("IR", "98"), ("SA", "966"), ("AE", "971"), ("MA", "212"),
            ("DZ", "213"), ("TN", "216"), ("SK", "421"),
        ] {
            add([code], callingCode, trunk: "0")
        }
        add(["JP"], "81", trunk: "0", international: ["010"])
        add(["AU"], "61", trunk: "0", international: ["0011"])
        // Trunk prefix 8.
        add(["RU", "KZ"], "7", trunk: "8", international: ["810", "00"])
        add(["BY"], "375", trunk: "8", international: ["810", "00"])
        add(["LV"], "371", trunk: "")
        // No trunk prefix: the leading digit is part of the number.
        for (code, callingCode) in [
            ("IT", "39"), ("ES", "34"), ("PT", "351"), ("GR", "30"), ("DK", "45"), ("NO", "47"), ("PL", "48"),
            ("LU", "352"), ("MT", "356"), ("CY", "357"), ("IS", "354"), ("SG", "65"), ("HK", "852"), ("MO", "853"),
            ("MX", "52"), ("CL", "56"), ("UY", "598"), ("CR", "506"), ("QA", "974"), ("CZ", "420"),
            ("LT", "370"), ("EE", "372"),
        ] {
            add([code], callingCode, trunk: "")
        }
        add(["HU"], "36", trunk: "06")
        return regions
    }()

    private static func digits(_ text: String) -> [UInt8] {
        text.unicodeScalars.compactMap { ("0"..."9").contains($0) ? UInt8($0.value - 48) : nil }
    }
}
