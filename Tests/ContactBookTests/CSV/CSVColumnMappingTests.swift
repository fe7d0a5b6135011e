// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("CSV column mapping: which export a header row is")
struct CSVColumnMappingTests {
    @Test(
        "formats by header names",
        arguments: [
            ("Name,Given Name,Family Name,Group Membership,Phone 1 - Type,Phone 1 - Value", CSVColumnMapping.Format.googleLegacy),
            ("First Name,Middle Name,Last Name,Labels,Phone 1 - Label,Phone 1 - Value", .google),
            ("First Name,Last Name,Phonetic First Name", .google),
            ("Title,First Name,Middle Name,Last Name,Company,Mobile Phone,Home Phone", .outlook),
            (" first name , LAST NAME ,Business Phone", .outlook),
        ])
    func formats(header: String, format: CSVColumnMapping.Format) throws {
        let fields = header.split(separator: ",").map(String.init)
        let mapping = try #require(CSVColumnMapping(header: fields))
        #expect(mapping.format == format)
    }

    @Test("numbered phone columns are ordered by number, each with its label column")
    func numberedPhones() throws {
        let header = ["Given Name", "Phone 2 - Value", "Phone 10 - Value", "Phone 1 - Type", "Phone 1 - Value", "Phone 2 - Type"]
        let mapping = try #require(CSVColumnMapping(header: header))
        #expect(mapping.phones.map(\.value) == [4, 1, 2])
        #expect(mapping.phones.map(\.label) == [3, 5, nil])
    }

    @Test("unknown header sets", arguments: ["Vorname,Nachname", "a,b,c", "First Name,Notes"])
    func unknown(header: String) {
        #expect(CSVColumnMapping(header: header.split(separator: ",").map(String.init)) == nil)
    }
}
