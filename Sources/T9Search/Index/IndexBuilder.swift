/// Turns contacts into the keys of the index tables: every way each name and number can be
/// typed from a position where a match may start.
struct IndexBuilder {
    private var cache: FoldCache
    private let options: SearchOptions
    private var pool = KeyPool()
    private var entries = [[KeyTable.Entry]](repeating: [], count: SearchIndex.Table.allCases.count)
    private var text = KeyedText()
    private var scratch: [UInt8] = []

    init(alphabet: T9Alphabet, options: SearchOptions) {
        self.cache = FoldCache(alphabet: alphabet)
        self.options = options
    }

    /// Adds the keys of `contact`. A contact without a number can't be dialled, so it has none.
    mutating func add(_ contact: SearchableContact, at index: UInt32) {
        guard !contact.numbers.isEmpty else { return }
        for field in contact.names { addName(field.text, contact: index) }
        for number in contact.numbers { addNumber(number, contact: index) }
    }

    mutating func finish() -> (KeyPool, [KeyTable]) {
        pool.shrink()
        var tables: [KeyTable] = []
        for table in entries.indices {
            // Hand each list over, so that sorting it in place does not copy it.
            let list = entries[table]
            entries[table] = []
            tables.append(KeyTable(entries: list, pool: pool))
        }
        return (pool, tables)
    }

    private mutating func add(_ table: SearchIndex.Table, _ offset: UInt32, _ contact: UInt32) {
        entries[table.rawValue].append(KeyTable.Entry(offset: offset, contact: contact))
    }

    private mutating func addName(_ name: String, contact: UInt32) {
        text.reset(name, cache: &cache)
        let keys = text.keys, words = text.words
        guard !keys.isEmpty else { return }
        let base = pool.append(keys)
        let wordStart = { (word: Int) in base + UInt32(words[word].lowerBound) }
        add(.nameStart, base, contact)
        for word in words.indices.dropFirst() { add(.laterWord, wordStart(word), contact) }

        let ruledWords = min(words.count, NameRules.maxWords)
        // Whole words from a later word: spans that end at the field's end share its key.
        for first in 1..<max(1, ruledWords) {
            for last in first..<ruledWords {
                if last == words.count - 1 {
                    add(.wholeWords, wordStart(first), contact)
                } else {
                    add(.wholeWords, pool.append(keys[words[first].lowerBound..<words[last].upperBound]), contact)
                }
            }
        }
        // Initials: one to three first letters of earlier words, then a run from a later word.
        for tail in 1..<max(1, ruledWords) {
            for heads in 1..<(1 << tail) where heads.nonzeroBitCount <= NameRules.maxInitials {
                scratch.removeAll(keepingCapacity: true)
                for word in 0..<tail where heads & (1 << word) != 0 { scratch.append(keys[words[word].lowerBound]) }
                add(.initials, pool.append(head: scratch, keys[words[tail].lowerBound...]), contact)
            }
        }
        if options.mode == .anywhere {
            var wordIndex = 0
            for position in keys.indices {
                while wordIndex < words.count, words[wordIndex].upperBound <= position { wordIndex += 1 }
                if wordIndex < words.count, words[wordIndex].lowerBound == position { continue }
                add(.anywhere, base + UInt32(position), contact)
            }
        }
    }

    private mutating func addNumber(_ number: String, contact: UInt32) {
        let forms = NumberForms(number, region: options.region)
        let keys = forms.text.keys
        guard !keys.isEmpty else { return }
        let base = pool.append(keys)
        var anchoredStarts: Set<Int> = []
        for anchor in forms.anchors {
            if anchor.head.count == 0 {
                anchoredStarts.insert(anchor.start)
                add(.numberPrefix, base + UInt32(anchor.start), contact)
            } else {
                let head = (0..<Int(anchor.head.count)).map { anchor.head[$0] }
                add(.numberPrefix, pool.append(head: head, keys[anchor.start...]), contact)
            }
        }
        for position in keys.indices where !anchoredStarts.contains(position) {
            add(.numberMiddle, base + UInt32(position), contact)
        }
    }
}
