// SPDX-License-Identifier: Apache-2.0

@testable import DialerEngine
import Testing

/// Each role acts on one gesture, so a key never does two things.
@Suite("Dialer commands")
struct DialerCommandTests {
    @Test(arguments: [
        (KeyGesture.pressed(.digit(7)), DialerCommand?.some(.type(7))),
        (.tapped(.digit(7)), nil),
        (.held(.digit(0)), .holdDigit(0)),
        (.heldLonger(.digit(0)), nil),
        (.pressed(.star), nil),
        (.tapped(.star), .nextResult),
        (.held(.star), .deleteLast),
        (.heldLonger(.star), .clear),
        (.pressed(.pound), nil),
        (.tapped(.pound), .dial),
        (.held(.pound), .switchMode),
        (.heldLonger(.pound), nil),
        (.pressed(.dial), .dial),
        (.tapped(.dial), nil),
        (.held(.dial), nil),
        (.pressed(.delete), .deleteLast),
        (.tapped(.delete), nil),
        (.held(.delete), nil),
        (.heldLonger(.delete), .clear),
        (.pressed(.next), .nextResult),
        (.tapped(.next), nil),
        (.pressed(.previous), .previousResult),
        (.pressed(.switchMode), .switchMode),
        (.tapped(.switchMode), nil),
        (.pressed(.hangUp), .hangUp),
        (.tapped(.hangUp), nil),
        (.pressed(.ignore), nil),
        (.held(.ignore), nil),
    ])
    func gestureMeansCommand(gesture: KeyGesture, command: DialerCommand?) {
        #expect(DialerCommand(gesture) == command)
    }
}
