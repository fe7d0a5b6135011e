import DialerEngine
@testable import DialerKit
import Testing

@Suite("JSON display")
struct JSONDisplayTests {
    @Test func aScreenIsOneObjectPerLine() throws {
        var display = JSONDisplay(output: "")
        display.show(try DisplayFixtures.screen("37337*"))
        #expect(display.output == #"""
            {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"37337","pending":null,"selection":1,"results":[\#
            {"name":"Fred Sanders","number":"+44 121 496 0000","field":"name","ranges":[[0,6]],"uid":"sanders",\#
            "text":"Fred Sanders","quality":"name prefix","selected":false},\#
            {"name":"Fred Smith","number":"+44 7700 900123","field":"name","ranges":[[0,6]],"uid":"smith",\#
            "text":"Fred Smith","quality":"name prefix","selected":true}],"calling":null}

            """#)
    }

    @Test func aMultiTapScreenGivesItsLayoutAndPendingLetter() throws {
        let json = JSONDisplay<String>.json(try DisplayFixtures.screen("33377799999", mode: .multiTap(layout: "latin")))
        #expect(json == #"""
            {"event":"screen","mode":"multitap","layout":"latin","label":"abc","query":"fr9","pending":"9","selection":null,\#
            "results":[],"calling":null}
            """#)
    }

    @Test func aNumberMatchNamesItsField() throws {
        let json = JSONDisplay<String>.json(try DisplayFixtures.screen("201"))
        #expect(json.contains(#""results":[{"name":"Freya \"Fay\" Jones","number":"+1 201-555-0123","field":"number","ranges":[[3,6]]"#))
    }

    @Test func aDialIsAnEventThenTheCallingScreen() throws {
        var display = JSONDisplay(output: "")
        display.apply(try DisplayFixtures.updates("373376#"))
        display.apply(try DisplayFixtures.updates("4242#"))
        #expect(display.output == #"""
            {"event":"dial","name":"Fred Smith","number":"+44 7700 900123","uid":"smith"}
            {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"","pending":null,"selection":null,"results":[],\#
            "calling":{"name":"Fred Smith","number":"+44 7700 900123","uid":"smith"}}
            {"event":"dial","name":null,"number":"4242","uid":null}
            {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"","pending":null,"selection":null,"results":[],\#
            "calling":{"name":null,"number":"4242","uid":null}}

            """#)
    }
}
