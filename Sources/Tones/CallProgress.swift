// SPDX-License-Identifier: Apache-2.0

/// The call-progress tones of a country, as its telephone network plays them: what a person
/// hears off the hook, when the far end is busy, when a call fails, and the ring itself.
public enum CallProgress {
    /// Whose tones.
    public enum Country: Sendable, Hashable, CaseIterable {
        /// North America (the precise tone plan): dial 350+440 Hz, busy 480+620 Hz 0.5 s on
        /// and off, ring 440+480 Hz.
        case us
        /// The United Kingdom: dial 350+450 Hz, busy 400 Hz 0.375 s on and off, ring
        /// 400+450 Hz.
        case uk
        /// Much of Europe (ETSI ES 201 970): 425 Hz for all, busy 0.5 s on and off,
        /// congestion 0.25 s on and off.
        case europe
    }

    /// The continuous dial tone: one segment, repeated until stopped.
    public static func dialTone(_ country: Country) -> [ToneSegment] {
        switch country {
        case .us: [ToneSegment([350, 440], milliseconds: 1000)]
        case .uk: [ToneSegment([350, 450], milliseconds: 1000)]
        case .europe: [ToneSegment([425], milliseconds: 1000)]
        }
    }

    /// One cycle of the busy tone.
    public static func busy(_ country: Country) -> [ToneSegment] {
        switch country {
        case .us: [ToneSegment([480, 620], milliseconds: 500), .silence(500)]
        case .uk: [ToneSegment([400], milliseconds: 375), .silence(375)]
        case .europe: [ToneSegment([425], milliseconds: 500), .silence(500)]
        }
    }

    /// One cycle of the congestion (error) tone, played when a dial fails.
    public static func congestion(_ country: Country) -> [ToneSegment] {
        switch country {
        case .us: [ToneSegment([480, 620], milliseconds: 250), .silence(250)]
        case .uk: [ToneSegment([400], milliseconds: 400), .silence(350), ToneSegment([400], milliseconds: 225), .silence(525)]
        case .europe: [ToneSegment([425], milliseconds: 250), .silence(250)]
        }
    }

    /// The short tone played once when a call ends.
    public static func callEnded(_ country: Country) -> [ToneSegment] {
        [ToneSegment(ringFrequencies(country), milliseconds: 300)]
    }

    /// How often the call-waiting tone comes again while the call waits, from the start of one
    /// to the start of the next: as North American exchanges repeat it, and as often as a
    /// call can be missed over a conversation.
    public static let callWaitingRepeatMilliseconds = 10_000

    /// The call-waiting tone, heard over a call when a second one rings (ITU-T E.180
    /// Supplement 2): North America 440 Hz 0.3 s; the UK 400 Hz 0.1 s on, 2.5 s off, 0.1 s on;
    /// Europe (ETSI ES 201 970) 425 Hz 0.2 s on, 0.2 s off, 0.2 s on. One burst: it comes
    /// again every `callWaitingRepeatMilliseconds`.
    public static func callWaiting(_ country: Country) -> [ToneSegment] {
        switch country {
        case .us: [ToneSegment([440], milliseconds: 300)]
        case .uk: [ToneSegment([400], milliseconds: 100), .silence(2500), ToneSegment([400], milliseconds: 100)]
        case .europe: [ToneSegment([425], milliseconds: 200), .silence(200), ToneSegment([425], milliseconds: 200)]
        }
    }

    /// The frequencies a ring made of tones plays (the country's ring-back pair).
    public static func ringFrequencies(_ country: Country) -> [Double] {
        switch country {
        case .us: [440, 480]
        case .uk: [400, 450]
        case .europe: [425]
        }
    }
}
