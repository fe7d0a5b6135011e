// SPDX-License-Identifier: Apache-2.0

import DialerEngine
@testable import DialerKit
import Testing

@Suite("JSON display: the call log")
struct JSONDisplayCallLogTests {
    @Test func theScreenCarriesTheLogsRows() throws {
        let json = JSONDisplay<String>.json(try CallLogFixtures.screen(calls: Array(CallLogFixtures.calls.prefix(2)), keys: "*"))
        #expect(
            json == #"""
                {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"","pending":null,"selection":null,\#
                "results":[],"calling":null,"notice":null,"loading":false,"calllog":{"missed":false,"selection":1,"rows":[\#
                {"name":null,"number":"+353 1 234 5678","uid":null,"direction":"out","outcome":"placed","when":"10:00",\#
                "selected":false},\#
                {"name":"Fred Smith","number":"+44 7700 900123","uid":"smith","direction":"in","outcome":"missed","when":"Fri",\#
                "selected":true}]}}
                """#)
    }
}
