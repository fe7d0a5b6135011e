// SPDX-License-Identifier: Apache-2.0

public import T9Search

extension SearchIndex {
    /// Readies a book just indexed for the keys a person will type, on the thread that read
    /// it and before the dialer is handed it: builds the text index (multi-tap), searches each
    /// one-key query once (`warmUp`), and gives back to the system what the building freed.
    /// The startup load and the service's reloads do this, so no key waits for an index or
    /// pays for building one on the other core.
    public func prepareForKeys(resultLimit: Int) {
        ProcessMemory.whileIndexing { prepareTextSearch() }
        warmUp(limit: resultLimit)
        ProcessMemory.returnFreedMemory()
    }
}
