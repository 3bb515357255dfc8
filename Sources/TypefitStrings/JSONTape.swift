import TypefitCore

/// A JSON text parsed into one flat list of its values, in file order (a "tape"), read in place.
///
/// A String Catalog's tree of `JSONNode`s cost an allocation per object and per long string, most of
/// it freed again once the catalog was read into its table; the tape is one array of fixed-size
/// entries, its strings are the text's own bytes until a reader asks for one as a `String`, and the
/// catalog reader compares names and states (`"stringUnit"`, `"translated"`) with those bytes.
///
/// Values are numbered by their place on the tape: an object is followed by its members (each a
/// string entry for the name, then the value), an array by its elements. `JSONParser.parseTape`
/// makes a tape and checks the syntax; the tape's bytes must outlive it (the parser is called inside
/// the text's `withUTF8`). Objects answer as `JSONObject` does: a repeated member name keeps its
/// first place and its last value.
struct JSONTape {
    /// The kinds of value, as `JSONValue`'s cases.
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null

        /// "an object", "a string", … for error messages (as `JSONValue.kindDescription`).
        var description: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .true, .false: "a boolean"
            case .null: "null"
            }
        }
    }

    /// One value: 16 bytes, whatever its kind.
    struct Entry {
        /// UTF-8 offset of the value's first byte (a string's opening quote).
        var offset: UInt32
        /// A string's or number's end: the offset of a string's closing quote, just after a number's
        /// last digit. An object's or array's: the place of the first entry after its last member.
        var end: UInt32
        /// An object's members or an array's elements; for a string with escapes, one more than
        /// its place in `unescaped` (0 for a string that is its bytes).
        var count: UInt32
        var kind: Kind
    }

    /// The text's UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
    var entries: [Entry] = []
    /// The decoded text of every string written with an escape, in file order.
    var unescaped: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The top-level value.
    static let root = 0

    func kind(_ value: Int) -> Kind { entries[value].kind }

    /// UTF-8 offset of the value's first byte, for messages.
    func offset(_ value: Int) -> Int { Int(entries[value].offset) }

    /// The place of the first entry after `value` and everything in it.
    func after(_ value: Int) -> Int {
        switch entries[value].kind {
        case .object, .array: Int(entries[value].end)
        default: value + 1
        }
    }

    /// An object's member count before repeated names are merged, or an array's element count.
    func count(_ value: Int) -> Int { Int(entries[value].count) }

    // MARK: - Strings and numbers

    /// A string's text.
    func string(_ value: Int) -> String {
        let e = entries[value]
        if e.count > 0 { return unescaped[Int(e.count) - 1] }
        return String(decoding: unescapedBytes(value), as: UTF8.self)
    }

    /// A number's text as written, e.g. `"2"`, `"-1.5e3"`.
    func numberText(_ value: Int) -> String {
        let e = entries[value]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(e.offset)..<Int(e.end)]), as: UTF8.self)
    }

    /// The bytes between a string's quotes: its text when it was written without an escape.
    func unescapedBytes(_ value: Int) -> UnsafeBufferPointer<UInt8> {
        let e = entries[value]
        return UnsafeBufferPointer(rebasing: bytes[Int(e.offset) + 1..<Int(e.end)])
    }

    /// Calls `body` with a string's UTF-8: its bytes in the text, or its decoded text's.
    func withUTF8<R>(_ value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let e = entries[value]
        if e.count > 0 {
            var text = unescaped[Int(e.count) - 1]
            return text.withUTF8(body)
        }
        return body(unescapedBytes(value))
    }

    /// Whether a string's text is `text`, compared byte for byte.
    func string(_ value: Int, is text: StaticString) -> Bool {
        withUTF8(value) { SameBytes.equal($0, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
    }

    // MARK: - Objects

    /// One member of an object: the places of its name and of its value.
    struct Member {
        var name: Int
        var value: Int
    }

    /// The value of an object's member called `name` (its last, if the name is repeated). `name` is
    /// ASCII without `K`, `;` or `` ` `` (which non-ASCII text can be canonically equivalent to), so a
    /// member has it exactly when its name's bytes are `name`'s.
    func member(_ object: Int, _ name: StaticString) -> Int? {
        members(object, name, name).0
    }

    /// The values of an object's members called `a` and `b`, found in one pass (as `member`).
    func members(_ object: Int, _ a: StaticString, _ b: StaticString) -> (Int?, Int?) {
        let found = members(object, a, b, b)
        return (found.0, found.1)
    }

    /// The values of an object's members called `a`, `b` and `c`, found in one pass (as `member`).
    func members(_ object: Int, _ a: StaticString, _ b: StaticString, _ c: StaticString) -> (Int?, Int?, Int?) {
        var found: (Int?, Int?, Int?) = (nil, nil, nil)
        var n = object + 1
        for _ in 0..<count(object) {
            func match(_ name: UnsafeBufferPointer<UInt8>) {
                if Self.same(name, a) {
                    found.0 = n + 1
                } else if Self.same(name, b) {
                    found.1 = n + 1
                } else if Self.same(name, c) {
                    found.2 = n + 1
                }
            }
            if entries[n].count == 0 { match(unescapedBytes(n)) } else { withUTF8(n, match) }
            n = after(n + 1)
        }
        return found
    }

    private static func same(_ utf8: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        SameBytes.equal(utf8, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Calls `body` with each member of an object in file order: a repeated name once, at its first
    /// place, with its last value (as `JSONObject`).
    func forEachMember(_ object: Int, _ body: (Member) throws -> Void) rethrows {
        let count = count(object)
        var members: [Member] = []
        members.reserveCapacity(count)
        var n = object + 1
        for _ in 0..<count {
            members.append(Member(name: n, value: n + 1))
            n = after(n + 1)
        }
        for member in merged(members) { try body(member) }
    }

    /// `members` with each repeated name merged into its first place, given its last value. Names
    /// are the same as `String`s are equal: canonically equivalent. Names of ASCII alone are equal
    /// exactly when their bytes are, and are compared so (no non-ASCII text is equivalent to ASCII
    /// text but through the Kelvin sign, the Greek question mark and varia, none of them ASCII).
    private func merged(_ members: [Member]) -> [Member] {
        guard members.count > 1 else { return members }
        // Each name's first (up to) seven bytes and its length, in one number: names that are the
        // same have the same number, so numbers all different say the names are. (Only names of
        // ASCII written without an escape: their bytes are their text.)
        var summaries: [UInt64] = []
        if members.count > 8 { summaries.reserveCapacity(members.count) }
        for m in members {
            guard entries[m.name].count == 0 else { return mergedByText(members) }
            let utf8 = unescapedBytes(m.name)
            var summary = UInt64(utf8.count) << 56
            for (k, b) in utf8.enumerated() {
                guard b < 0x80 else { return mergedByText(members) }
                if k < 7 { summary |= UInt64(b) << (8 * k) }
            }
            if members.count > 8 { summaries.append(summary) }
        }
        // Names almost never repeat. Most objects of a String Catalog have one to three members,
        // compared directly; a key's localizations (one per locale) are many, and their summaries
        // sorted say so. A repeated name is then found by a table of the names' bytes.
        let repeats: Bool
        if members.count <= 8 {
            repeats = members.indices.contains { a in
                members[(a + 1)...].contains { SameBytes.equal(unescapedBytes($0.name), unescapedBytes(members[a].name)) }
            }
        } else {
            summaries.sort()
            repeats = zip(summaries, summaries.dropFirst()).contains { $0 == $1 }
        }
        return repeats ? Self.merged(members) { NameBytes(utf8: unescapedBytes($0.name)) } : members
    }

    /// `merged` for names that are not all ASCII: compared as `String`s.
    private func mergedByText(_ members: [Member]) -> [Member] {
        Self.merged(members) { string($0.name) }
    }

    /// `members` merged by a table of each one's `key`: a repeated key keeps its first place and
    /// takes the last value.
    private static func merged<Key: Hashable>(_ members: [Member], by key: (Member) -> Key) -> [Member] {
        var firstPlace: [Key: Int] = [:]
        firstPlace.reserveCapacity(members.count)
        var out: [Member] = []
        out.reserveCapacity(members.count)
        for m in members {
            let k = key(m)
            if let i = firstPlace[k] {
                out[i].value = m.value
            } else {
                firstPlace[k] = out.count
                out.append(m)
            }
        }
        return out
    }

    /// A member name's bytes in the text, as a table's key.
    private struct NameBytes: Hashable {
        let utf8: UnsafeBufferPointer<UInt8>

        static func == (a: NameBytes, b: NameBytes) -> Bool { SameBytes.equal(a.utf8, b.utf8) }

        func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(utf8)) }
    }
}
