import Foundation

/// The family names a font file may go by, read from its `name` tables without FreeType: what lets a
/// family lookup open only the files that can hold the family (opening a face with FreeType parses
/// much more: the two CJK collections' 20 faces take 25 ms, most of a `typefit measure`'s start-up).
///
/// It is a superset test, never a guess: FreeType's `family_name` is one of the name records 1, 16
/// or 21 (Windows or Unicode names as UTF-16, Macintosh names as bytes), turned into ASCII with `?`
/// for anything outside 32…127; each is kept both decoded and as FreeType spells it. A file whose
/// tables cannot be read, or a face without such a record or with one in another encoding, matches
/// every family, so it is opened with FreeType as before.
struct SFNTFamilyNames: Sendable {
    /// Per face, in the collection's order, its lowercased names (nil for a face that could be any
    /// family); nil when the file's header cannot be read.
    let faces: [Set<String>?]?

    /// Every face's names together; nil when some face could be any family.
    var names: Set<String>? {
        guard let faces else { return nil }
        var all = Set<String>()
        for face in faces {
            guard let face else { return nil }
            all.formUnion(face)
        }
        return all
    }

    /// Whether FreeType might name some face of the file `family`.
    func mayHold(family: String) -> Bool {
        guard let faces else { return true }
        return faces.indices.contains { mayHold(family: family, face: $0, of: faces.count) }
    }

    /// Whether FreeType might name face `index` of the file (which FreeType says has `count` faces)
    /// `family`; true whenever the tables do not say otherwise for sure.
    func mayHold(family: String, face index: Int, of count: Int) -> Bool {
        guard let faces, faces.count == count, faces.indices.contains(index), let names = faces[index] else { return true }
        let wanted = family.lowercased()
        return names.contains(wanted) || !wanted.unicodeScalars.allSatisfy { (32...126).contains($0.value) } || wanted.contains("?")
    }

    init(bytes raw: UnsafeRawBufferPointer) {
        faces = Self.read(raw)
    }

    private static func read(_ raw: UnsafeRawBufferPointer) -> [Set<String>?]? {
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= raw.count ? Int(raw[o]) << 8 | Int(raw[o + 1]) : nil }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(o), let lo = u16(o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard let tag = u32(0) else { return nil }
        var faces: [Int] = []
        if tag == 0x7474_6366 {  // 'ttcf'
            guard let count = u32(8), count > 0, count <= 4096 else { return nil }
            for i in 0..<count {
                guard let o = u32(12 + 4 * i) else { return nil }
                faces.append(o)
            }
        } else {
            faces = [0]
        }
        return faces.map { face in
            guard let found = familyNames(face: face, u16: u16, u32: u32, raw: raw), !found.isEmpty else { return nil }
            return found
        }
    }

    /// The names 1, 16 and 21 of the face whose table directory is at `face`, each decoded and as
    /// FreeType's ASCII; nil when one is in an encoding not read here or the table is damaged.
    private static func familyNames(
        face: Int, u16: (Int) -> Int?, u32: (Int) -> Int?, raw: UnsafeRawBufferPointer
    ) -> Set<String>? {
        guard let tables = u16(face + 4) else { return nil }
        var nameTable: (offset: Int, length: Int)?
        for t in 0..<tables {
            let record = face + 12 + 16 * t
            guard let tag = u32(record) else { return nil }
            if tag == 0x6E61_6D65 {  // 'name'
                guard let offset = u32(record + 8), let length = u32(record + 12) else { return nil }
                nameTable = (offset, length)
            }
        }
        guard let table = nameTable, table.offset + table.length <= raw.count, let count = u16(table.offset + 2),
            let stringOffset = u16(table.offset + 4)
        else { return nil }
        var out = Set<String>()
        for r in 0..<count {
            let record = table.offset + 6 + 12 * r
            guard let platform = u16(record), let encoding = u16(record + 2), let id = u16(record + 6),
                let length = u16(record + 8), let offset = u16(record + 10)
            else { return nil }
            guard id == 1 || id == 16 || id == 21 else { continue }
            let start = table.offset + stringOffset + offset
            guard start + length <= raw.count else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)])
            var scalars: [UInt32] = []
            switch (platform, encoding) {
            case (0, _), (3, 0), (3, 1), (3, 10):
                // UTF-16BE; FreeType's ASCII takes each code unit alone.
                var i = 0
                while i + 1 < bytes.count {
                    scalars.append(UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1]))
                    i += 2
                }
            case (1, 0):
                scalars = bytes.map(UInt32.init)
            default:
                return nil
            }
            // FreeType stops at a NUL and spells anything outside 32…127 as '?'.
            let shown = scalars.prefix { $0 != 0 }.map { (32...127).contains($0) ? Unicode.Scalar(UInt8($0)) : "?" }
            let ascii = String(String.UnicodeScalarView(shown))
            out.insert(ascii.lowercased())
            if platform != 1 {
                var decoded = String.UnicodeScalarView()
                for s in String(decoding: scalars.map { UInt16($0) }, as: UTF16.self).unicodeScalars { decoded.append(s) }
                out.insert(String(decoded).lowercased())
            }
        }
        return out
    }
}
