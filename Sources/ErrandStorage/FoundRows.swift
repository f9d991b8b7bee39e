import ErrandDomain

/// The rows a `find` matched, with the state of the store they were read from: the count and
/// the page after it read the full-text index once between them, as long as nothing was
/// written since (by this connection or another).
struct FoundRows {
    let query: SearchQuery
    /// `PRAGMA data_version` (moves when another connection commits) and this connection's
    /// `total_changes()`.
    let stamp: [Int64]
    /// Ascending, as the full-text index returns them: a sorted array is read in without
    /// hashing (hashing 50,000 row ids into a Set cost a third of a search) and searched by
    /// halves for the few hundred rows a page walks.
    let rowids: [Int64]

    func contains(_ rowid: Int64) -> Bool {
        var low = 0, high = rowids.count
        while low < high {
            let middle = (low + high) / 2
            if rowids[middle] < rowid { low = middle + 1 } else { high = middle }
        }
        return low < rowids.count && rowids[low] == rowid
    }

    /// The rows in both ascending lists (words and each tag), ascending.
    static func intersection(_ a: [Int64], _ b: [Int64]) -> [Int64] {
        var out: [Int64] = []
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex, j < b.endIndex {
            if a[i] < b[j] { i += 1 } else if a[i] > b[j] { j += 1 } else {
                out.append(a[i])
                i += 1
                j += 1
            }
        }
        return out
    }

    /// `ids` ascending. The full-text index gives them so; a tag's rows come through its facet
    /// index, in its items' day order: 30,000 ids sorted took a millisecond and a half, set
    /// as bits over their range and read back in a tenth of that.
    static func ascending(_ ids: [Int64]) -> [Int64] {
        var sorted = true
        for (earlier, later) in zip(ids, ids.dropFirst()) where earlier >= later {
            sorted = false
            break
        }
        guard !sorted, let low = ids.min(), let high = ids.max() else { return ids }
        let (range, overflow) = high.subtractingReportingOverflow(low)
        // Bits for at most 64 times as many ids as there are (a sparse set is sorted), and a
        // repeated id kept once, as the sets it stands for hold each row once.
        guard !overflow, range / 64 < Int64(ids.count) else { return Array(Set(ids)).sorted() }
        var words = [UInt64](repeating: 0, count: Int(range / 64) + 1)
        for id in ids {
            let offset = id - low
            words[Int(offset / 64)] |= 1 << UInt64(offset % 64)
        }
        var out: [Int64] = []
        out.reserveCapacity(ids.count)
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                out.append(low + Int64(index * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return out
    }
}
