import Synchronization

/// Names spelled in base letters (lowercase, no accents) for typed-text search, built the first
/// time text is searched so that T9-only use pays nothing for them.
final class TextNames: Sendable {
    private let spelled = Mutex<[[TextQuery.Spelling]]?>(nil)

    func names(of contacts: ContactTable, alphabet: T9Alphabet) -> [[TextQuery.Spelling]] {
        spelled.withLock { spelled in
            if let spelled { return spelled }
            let built = contacts.map { contact in contact.names.map { TextQuery.spell($0.text, alphabet: alphabet) } }
            spelled = built
            return built
        }
    }
}
