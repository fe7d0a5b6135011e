/// What the dialer tells its displays after a key or a timer.
public enum DialerUpdate: Sendable, Hashable {
    /// The screen changed; this is all of it.
    case screen(ScreenState)
    /// A number is to be called.
    case dial(DialRequest)
}
