// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@testable import Sound

@Suite struct MailboxTests {
    @Test func theLatestCueWinsAndIsTakenOnce() throws {
        let mailbox = try Mailbox()
        mailbox.post(.cue(.ring))
        mailbox.post(.cue(.quiet))
        #expect(mailbox.hasMessage)
        #expect(mailbox.take() == .cue(.quiet))
        #expect(mailbox.take() == nil)
        #expect(!mailbox.hasMessage)
    }

    @Test func theEndIsNeverReplaced() throws {
        let mailbox = try Mailbox()
        mailbox.post(.shutDown)
        mailbox.post(.cue(.ring))
        #expect(mailbox.take() == .shutDown)
    }
}
