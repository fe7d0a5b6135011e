// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import T9Search

extension ResultPresentation {
    /// The presentation of a result on the dialer's screen, for the same lines and JSON as
    /// `t9dial search`.
    public init(_ shown: ShownResult) {
        name = shown.name
        number = shown.number
        label = shown.label.word
        text = shown.text
        ranges = shown.ranges
        uid = shown.uid
        quality = shown.quality
        switch shown.field {
        case .name: field = "name"
        case .number: field = "number"
        }
    }
}
