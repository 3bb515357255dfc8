import Foundation
import TypefitCore
import TypefitSpec

/// The report order of findings: spec, screen, line, column, element, rule, device, orientation,
/// locale, category (xSmall … AX5), fingerprint — compared as integers, not strings. A field the
/// finding's scope does not have sorts first (a locale's findings before its states').
extension Finding {

    /// Each sort field of each finding as a 32-bit integer (a tenth of the memory a finding takes
    /// while sorting): string fields by their rank among the field's distinct values. The ten fields
    /// are independent and computed in parallel.
    private static func fieldRanks(_ snapshot: [Finding], threads: Int) -> [[Int32]] {
        let fields = Slots<[Int32]>(count: 10, initial: [])
        let work: [@Sendable () -> [Int32]] = [
            { stringRanks(snapshot.count) { snapshot[$0].spec } }, { stringRanks(snapshot.count) { snapshot[$0].screen } },
            { snapshot.map { Int32(clamping: $0.line) } }, { snapshot.map { Int32(clamping: $0.column) } },
            { stringRanks(snapshot.count) { snapshot[$0].element } }, { caseRanks(snapshot.count) { snapshot[$0].rule } },
            { stringRanks(snapshot.count) { snapshot[$0].device ?? "" } },
            { caseRanks(snapshot.count) { snapshot[$0].orientation } },
            { stringRanks(snapshot.count) { snapshot[$0].locale ?? "" } },
            { snapshot.map { Int32($0.category.map { $0.rawValue + 1 } ?? 0) } }
        ]
        if threads > 1 {
            DispatchQueue.concurrentPerform(iterations: work.count) { fields.set($0, work[$0]()) }
        } else {
            for i in work.indices { fields.set(i, work[i]()) }
        }
        return fields.values
    }

    /// The report order of `snapshot` as a permutation. A function of its own, so every reference to
    /// the array is released before the findings are permuted in place.
    private static func order(of snapshot: [Finding], threads: Int) -> [Int] {
        let n = snapshot.count
        // The ranks of each field, computed in parallel (each is independent).
        let f = fieldRanks(snapshot, threads: threads)
        // Fingerprints break the (rare) ties, read from the findings when needed.
        @Sendable func fingerprintLess(_ a: Int, _ b: Int) -> Bool? {
            let x = snapshot[a].fingerprintValue, y = snapshot[b].fingerprintValue
            return x == y ? nil : x < y
        }
        // In report order the fields are spec, screen, line, column, element | rule, device,
        // orientation, locale, category: each group is packed into one integer (mixed radix over the
        // fields' ranges) when it fits in 63 bits, so one comparison replaces five.
        if let hi = pack(Array(f[0..<5]), count: n), let lo = pack(Array(f[5..<10]), count: n) {
            // The two keys and the index side by side, sorted with a comparison the sort inlines (a
            // closure over the key arrays was called, and read both arrays, for every comparison).
            var keys = [PackedKey](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n { buffer[i] = PackedKey(hi: hi[i], lo: lo[i], index: i) }
                initialized = n
            }
            // By the two keys with a radix sort (a few passes over the bytes the keys use, instead
            // of n log n comparisons), then each run of equal keys (rare) by fingerprint and index:
            // the order the comparison sort gave, for any number of threads.
            radixSort(&keys)
            var start = 0
            while start < n {
                var end = start + 1
                while end < n && keys[end].hi == keys[start].hi && keys[end].lo == keys[start].lo { end += 1 }
                if end - start > 1 {
                    keys[start..<end].sort { a, b in fingerprintLess(a.index, b.index) ?? (a.index < b.index) }
                }
                start = end
            }
            return keys.map(\.index)
        }
        var indices = Array(0..<n)
        sortedInPlace(&indices, threads: threads) { a, b in
            for field in f where field[a] != field[b] { return field[a] < field[b] }
            return fingerprintLess(a, b) ?? (a < b)
        }
        return indices
    }

    /// A finding's place in the report order when its fields pack into two integers (`pack`).
    struct PackedKey: Equatable {
        var hi: UInt64
        var lo: UInt64
        var index: Int
    }

    /// Sorts `keys` by `hi`, then `lo`, keeping equal keys in their order (stable): a least
    /// significant digit radix sort, one pass per byte the keys use (a spec's findings pack into
    /// about five bytes), each pass counting and then placing.
    static func radixSort(_ keys: inout [PackedKey]) {
        let n = keys.count
        guard n > 1 else { return }
        var hiBits: UInt64 = 0, loBits: UInt64 = 0
        for k in keys {
            hiBits |= k.hi
            loBits |= k.lo
        }
        var other = keys
        var counts = [Int](repeating: 0, count: 256)
        func pass(high: Bool, shift: UInt64) {
            keys.withUnsafeBufferPointer { from in
                other.withUnsafeMutableBufferPointer { to in
                    counts.withUnsafeMutableBufferPointer { count in
                        for i in 0..<256 { count[i] = 0 }
                        for k in from { count[Int(truncatingIfNeeded: ((high ? k.hi : k.lo) >> shift) & 0xFF)] += 1 }
                        var total = 0
                        for i in 0..<256 {
                            let c = count[i]
                            count[i] = total
                            total += c
                        }
                        for k in from {
                            let digit = Int(truncatingIfNeeded: ((high ? k.hi : k.lo) >> shift) & 0xFF)
                            to[count[digit]] = k
                            count[digit] += 1
                        }
                    }
                }
            }
            swap(&keys, &other)
        }
        var shift: UInt64 = 0
        while shift < 64 && loBits >> shift != 0 {
            pass(high: false, shift: shift)
            shift += 8
        }
        shift = 0
        while shift < 64 && hiBits >> shift != 0 {
            pass(high: true, shift: shift)
            shift += 8
        }
    }

    /// Sorts findings into report order: spec, screen, line, column, element, rule, device,
    /// orientation, locale, category (xSmall … AX5), fingerprint. The sort compares small integers
    /// and moves indices; the findings are then permuted in place (a large audit has 100 000+).
    static func sort(_ findings: inout [Finding], threads: Int = 1) {
        let n = findings.count
        guard n > 1 else { return }
        let order = order(of: findings, threads: threads)
        // Permute in place, cycle by cycle: swaps move findings without copying their strings.
        var placed = [Bool](repeating: false, count: n)
        for start in 0..<n where !placed[start] {
            var i = start
            while true {
                placed[i] = true
                let j = order[i]
                if j == start { break }
                findings.swapAt(i, j)
                i = j
            }
        }
    }
}

/// Packs several non-negative-after-shift integer fields into one key per row that orders as the
/// fields do lexicographically, or nil when their ranges need more than 63 bits.
private func pack(_ fields: [[Int32]], count: Int) -> [UInt64]? {
    var radices: [UInt64] = []
    var minimums: [Int] = []
    var total: UInt64 = 1
    for field in fields {
        let lo = Int(field.min() ?? 0), hi = Int(field.max() ?? 0)
        let radix = UInt64(hi - lo) + 1
        let (product, o2) = total.multipliedReportingOverflow(by: radix)
        guard !o2, product < UInt64(1) << 63 else { return nil }
        total = product
        radices.append(radix)
        minimums.append(lo)
    }
    var keys = [UInt64](repeating: 0, count: count)
    for (k, field) in fields.enumerated() {
        let radix = radices[k], lo = minimums[k]
        for i in 0..<count { keys[i] = keys[i] * radix + UInt64(Int(field[i]) - lo) }
    }
    return keys
}

/// `items` sorted by a strict total order; with several threads the two halves are sorted at once
/// and merged (the result is the same: the order has no ties).
func sortedInPlace<Item: Sendable>(_ items: inout [Item], threads: Int, by less: @Sendable (Item, Item) -> Bool) {
    let n = items.count
    if threads <= 1 || n < 4096 {
        items.sort(by: less)
        return
    }
    let mid = n / 2
    let all = items
    let halves = Slots<[Item]>(count: 2, initial: [])
    DispatchQueue.concurrentPerform(iterations: 2) { h in
        var part = h == 0 ? Array(all[..<mid]) : Array(all[mid...])
        part.sort(by: less)
        halves.set(h, part)
    }
    let parts = halves.values
    let a = parts[0], b = parts[1]
    items.removeAll(keepingCapacity: true)
    var i = 0, j = 0
    while i < a.count && j < b.count {
        if less(b[j], a[i]) { items.append(b[j]); j += 1 } else { items.append(a[i]); i += 1 }
    }
    items += a[i...]
    items += b[j...]
}

/// The ranks of `count` values of a small enum read through `value`, in the order of their raw values
/// as `String`s, nil first (as an empty string sorts): the cases are sorted once, and no string is
/// compared or hashed per finding (`stringRanks` of the raw values gives the same order).
func caseRanks<E: CaseIterable & RawRepresentable & Equatable>(_ count: Int, _ value: (Int) -> E?) -> [Int32]
where E.RawValue == String {
    let cases = Array(E.allCases)
    var rankOfCase = [Int32](repeating: 0, count: cases.count)
    for (rank, i) in cases.indices.sorted(by: { cases[$0].rawValue < cases[$1].rawValue }).enumerated() {
        rankOfCase[i] = Int32(rank + 1)
    }
    return (0..<count).map { i in value(i).map { v in rankOfCase[cases.firstIndex(of: v)!] } ?? 0 }
}

/// Each value's rank among the distinct values (in `String` order): sorting by ranks compares small
/// integers instead of strings, and gives the same order.
func stringRanks(_ values: [String]) -> [Int32] {
    stringRanks(values.count) { values[$0] }
}

/// The ranks of `count` values read through `value` (no array of the values is built).
func stringRanks(_ count: Int, _ value: (Int) -> String) -> [Int32] {
    // A field with few distinct values (rules, devices, orientations) finds a value among them by
    // comparing, which is cheaper than hashing it; the dictionary is made once there are more.
    let fewest = 32
    var ids: [String: Int32] = [:]
    var distinct: [String] = []
    var local = [Int32](repeating: 0, count: count)
    var last: (value: String, id: Int32)?
    for i in 0..<count {
        let v = value(i)
        // Neighbours mostly share their value (one state's findings): no hashing then.
        if let last, last.value == v {
            local[i] = last.id
            continue
        }
        let id: Int32
        if distinct.count <= fewest, let k = distinct.firstIndex(of: v) {
            id = Int32(k)
        } else if distinct.count > fewest, let known = ids[v] {
            id = known
        } else {
            id = Int32(distinct.count)
            distinct.append(v)
            if distinct.count > fewest {
                if ids.isEmpty {
                    for (k, d) in distinct.enumerated() { ids[d] = Int32(k) }
                } else {
                    ids[v] = id
                }
            }
        }
        local[i] = id
        last = (v, id)
    }
    let order = distinct.indices.sorted { distinct[$0] < distinct[$1] }
    var rankOf = [Int32](repeating: 0, count: distinct.count)
    for (rank, id) in order.enumerated() { rankOf[id] = Int32(rank) }
    for i in 0..<count { local[i] = rankOf[Int(local[i])] }
    return local
}
