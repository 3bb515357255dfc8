import Foundation
import TypefitCore

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

    /// Per face, the weight and italic flag FreeType gives it, where the tables say them for sure
    /// (an outline font with a whole `OS/2` table: `usWeightClass`, and `fsSelection` bits 0 and 9,
    /// as FreeType's `sfnt_load_face` reads them); nil for a face whose tables leave it to FreeType.
    let styles: [Style?]?

    struct Style: Sendable, Equatable {
        var weight: FontWeight
        var isItalic: Bool
    }

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
        let wanted = family.lowercased()
        let any = Self.anyFaceMayHold(wanted)
        return faces.contains { names in names.map { any || $0.contains(wanted) } ?? true }
    }

    /// Whether FreeType might name face `index` of the file (which FreeType says has `count` faces)
    /// `family`; true whenever the tables do not say otherwise for sure.
    func mayHold(family: String, face index: Int, of count: Int) -> Bool {
        guard let faces, faces.count == count, faces.indices.contains(index), let names = faces[index] else { return true }
        let wanted = family.lowercased()
        return names.contains(wanted) || Self.anyFaceMayHold(wanted)
    }

    /// A lowercased family name outside printable ASCII, or with FreeType's `?`, may be any face's:
    /// FreeType's ASCII spelling of a name cannot be told from the tables for sure. (Bytes, not
    /// Foundation's `contains`, which searches through `NSString` on every lookup of every file.)
    private static func anyFaceMayHold(_ wanted: String) -> Bool {
        !wanted.utf8.allSatisfy { (32...126).contains($0) } || wanted.utf8.contains(UInt8(ascii: "?"))
    }

    /// The names in a file's bytes.
    init(bytes raw: UnsafeRawBufferPointer) {
        self.init { offset, length in
            offset >= 0 && length >= 0 && offset <= raw.count - length ? Array(raw[offset..<(offset + length)]) : nil
        }
    }

    /// The names of the file at `path`, reading only its table directories and `name` tables (a
    /// mapping of the file would have the kernel read ahead megabytes of a CJK collection).
    init(path: String) {
        // Only a regular file is opened (a FIFO would block the open); anything else matches every family.
        var info = stat()
        let regular = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let fd = regular ? open(path, O_RDONLY | O_CLOEXEC) : -1
        defer { if fd >= 0 { close(fd) } }
        self.init { offset, length in
            guard fd >= 0, offset >= 0, length >= 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: length)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(offset)) }
            return n == length ? bytes : nil
        }
    }

    /// Reads the tables through `read(offset, length)`: the bytes, or nil past the end of the file.
    init(read: (Int, Int) -> [UInt8]?) {
        let read = Self.read(read)
        faces = read?.map(\.names)
        styles = read?.map(\.style)
    }

    /// The largest `name` table read (larger ones match every family).
    static let maximumNameTable = 1 << 20

    private static func read(_ read: (Int, Int) -> [UInt8]?) -> [(names: Set<String>?, style: Style?)]? {
        guard let head = read(0, 12), let tag = u32(head, 0) else { return nil }
        var offsets: [Int] = [0]
        if tag == 0x7474_6366 {  // 'ttcf'
            guard let count = u32(head, 8), count > 0, count <= 4096, let table = read(12, 4 * count) else { return nil }
            offsets = (0..<count).compactMap { u32(table, 4 * $0) }
        }
        return offsets.map { face in
            guard let header = read(face, 12), let tables = u16(header, 4), let directory = read(face + 12, 16 * tables) else {
                return (nil, nil)
            }
            let names = familyNames(directory: directory, tables: tables, read: read)
            return (names?.isEmpty == false ? names : nil, style(directory: directory, tables: tables, read: read))
        }
    }

    /// The table `tag`'s offset and length in a face's table directory (the first entry with the
    /// tag), or nil; FreeType counts a table of length 0 as missing.
    private static func table(_ tag: Int, in directory: [UInt8], tables: Int) -> (offset: Int, length: Int)? {
        for t in 0..<tables where u32(directory, 16 * t) == tag {
            guard let offset = u32(directory, 16 * t + 8), let length = u32(directory, 16 * t + 12), length > 0 else { return nil }
            return (offset, length)
        }
        return nil
    }

    /// The weight and italic flag FreeType gives a face, when its tables say them for sure: it has
    /// outlines (`glyf`, `CFF ` or `CFF2`) and an `OS/2` table FreeType loads (at least the 78 bytes
    /// of version 0). Otherwise nil: FreeType falls back to `head`'s macStyle and the bold flag.
    private static func style(directory: [UInt8], tables: Int, read: (Int, Int) -> [UInt8]?) -> Style? {
        let outlines = [0x676C_7966, 0x4346_4620, 0x4346_4632]  // 'glyf', 'CFF ', 'CFF2'
        guard outlines.contains(where: { table($0, in: directory, tables: tables) != nil }),
            let os2 = table(0x4F53_2F32, in: directory, tables: tables), os2.length >= 78,  // 'OS/2'
            let bytes = read(os2.offset, 78), let version = u16(bytes, 0), version != 0xFFFF,
            let weight = u16(bytes, 4), let selection = u16(bytes, 62)
        else { return nil }
        // FontFileInfo's reading of FreeType: usWeightClass when in 1…1000, else regular; italic
        // from fsSelection bit 9 (oblique) or bit 0.
        return Style(
            weight: (1...1000).contains(weight) ? FontWeight(rawValue: weight) : .regular,
            isItalic: selection & 0x201 != 0)
    }

    private static func u16(_ b: [UInt8], _ o: Int) -> Int? { o >= 0 && o + 2 <= b.count ? Int(b[o]) << 8 | Int(b[o + 1]) : nil }
    private static func u32(_ b: [UInt8], _ o: Int) -> Int? {
        guard let hi = u16(b, o), let lo = u16(b, o + 2) else { return nil }
        return hi << 16 | lo
    }

    /// The names 1, 16 and 21 of the face whose table directory is `directory`, each decoded and as
    /// FreeType's ASCII; nil when one is in an encoding not read here or the tables are damaged.
    private static func familyNames(directory: [UInt8], tables: Int, read: (Int, Int) -> [UInt8]?) -> Set<String>? {
        var name: [UInt8]?
        for t in 0..<tables where u32(directory, 16 * t) == 0x6E61_6D65 {  // 'name'
            guard let offset = u32(directory, 16 * t + 8), let length = u32(directory, 16 * t + 12), length <= maximumNameTable else {
                return nil
            }
            name = read(offset, length)
        }
        guard let table = name, let count = u16(table, 2), let stringOffset = u16(table, 4) else { return nil }
        var out = Set<String>()
        for r in 0..<count {
            let record = 6 + 12 * r
            guard let platform = u16(table, record), let encoding = u16(table, record + 2), let id = u16(table, record + 6),
                let length = u16(table, record + 8), let offset = u16(table, record + 10)
            else { return nil }
            guard id == 1 || id == 16 || id == 21 else { continue }
            let start = stringOffset + offset
            guard start + length <= table.count else { return nil }
            let bytes = table[start..<(start + length)]
            var scalars: [UInt32] = []
            switch (platform, encoding) {
            case (0, _), (3, 0), (3, 1), (3, 10):
                // UTF-16BE; FreeType's ASCII takes each code unit alone.
                var i = bytes.startIndex
                while i + 1 < bytes.endIndex {
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
