import Foundation

/// Values as compact, self-contained runs of bytes (what a ``RecordStore`` writes to its file):
/// integers are LEB128 varints (zigzag for signed ones), doubles their 8 bytes; a string is a varint
/// whose low bit says which of two forms follows: 1, the rest is its number among the store's shared
/// strings (``RecordStrings``); 0, the rest is its UTF-8 length, then its bytes. Each record starts
/// with its own length (4 bytes), so a reader can skip it unread.
enum RecordBytes {
    // MARK: Writing

    /// Appends a record to `out`: its length (4 bytes), then what `write` writes, in place.
    static func append(to out: inout [UInt8], strings: RecordStrings? = nil, _ write: (inout Writer) -> Void) {
        var w = Writer(strings: strings)
        swap(&w.bytes, &out)
        let start = w.bytes.count
        w.bytes.append(contentsOf: [0, 0, 0, 0] as [UInt8])
        write(&w)
        let length = UInt32(w.bytes.count - start - 4)
        for i in 0..<4 { w.bytes[start + i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i))) }
        swap(&w.bytes, &out)
    }

    struct Writer {
        var bytes: [UInt8] = []
        /// Where strings are shared (nil: every string in place).
        var strings: RecordStrings?

        mutating func unsigned(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }
        mutating func int(_ v: Int) { unsigned(UInt64(bitPattern: Int64((v << 1) ^ (v >> 63)))) }
        mutating func byte(_ v: UInt8) { bytes.append(v) }
        /// 8 bytes, little-endian.
        mutating func word(_ v: UInt64) {
            for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
        }
        mutating func double(_ v: Double) { word(v.bitPattern) }
        mutating func string(_ s: String) {
            if let n = strings?.number(s) { return unsigned(UInt64(n) << 1 | 1) }
            var s = s
            s.withUTF8 { u in
                unsigned(UInt64(u.count) << 1)
                bytes.append(contentsOf: u)
            }
        }
        /// A presence byte, then the string when present.
        mutating func string(_ s: String?) {
            guard let s else { return byte(0) }
            byte(1)
            string(s)
        }
        mutating func strings(_ a: [String]?) {
            guard let a else { return byte(0) }
            byte(1)
            unsigned(UInt64(a.count))
            for s in a { string(s) }
        }
        mutating func double(_ v: Double?) {
            guard let v else { return byte(0) }
            byte(1)
            double(v)
        }
        mutating func int(_ v: Int?) {
            guard let v else { return byte(0) }
            byte(1)
            int(v)
        }
        /// A presence byte, then the value written by `write` when present (`Reader.optional` reads it).
        mutating func optional<T>(_ v: T?, _ write: (inout Writer, T) -> Void) {
            guard let v else { return byte(0) }
            byte(1)
            write(&self, v)
        }
    }

    // MARK: Reading

    /// Reads records from bytes written by `append`; a malformed record (never written by this
    /// type) reads as a trap-free failure: `nil`.
    struct Reader {
        let base: UnsafeRawBufferPointer
        var at: Int
        /// The store's shared strings (`RecordStrings.texts`), which records refer to by number.
        let shared: [String]

        init(_ base: UnsafeRawBufferPointer, strings shared: [String] = []) {
            self.base = base
            at = 0
            self.shared = shared
        }

        mutating func unsigned() -> UInt64? {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while at < base.count, shift < 64 {
                let b = base[at]
                at += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
            return nil
        }
        mutating func int() -> Int? {
            guard let u = unsigned() else { return nil }
            let v = Int64(bitPattern: u)
            return Int((v >> 1) ^ -(v & 1))
        }
        mutating func byte() -> UInt8? {
            guard at < base.count else { return nil }
            defer { at += 1 }
            return base[at]
        }
        mutating func word() -> UInt64? {
            guard at + 8 <= base.count else { return nil }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(base[at + i]) << (8 * UInt64(i)) }
            at += 8
            return bits
        }
        mutating func double() -> Double? { word().map(Double.init(bitPattern:)) }
        mutating func string() -> String? {
            guard let v = unsigned() else { return nil }
            if v & 1 == 1 {
                let n = Int(v >> 1)
                return n < shared.count ? shared[n] : nil
            }
            let n = Int(v >> 1)
            guard n <= base.count - at else { return nil }
            defer { at += n }
            return String(decoding: UnsafeRawBufferPointer(rebasing: base[at..<at + n]), as: UTF8.self)
        }
        /// A record's length.
        mutating func length() -> Int? {
            guard at + 4 <= base.count else { return nil }
            var v = 0
            for i in 0..<4 { v |= Int(base[at + i]) << (8 * i) }
            at += 4
            return v <= base.count - at ? v : nil
        }

        /// An optional value: its presence byte, then the value. `.some(nil)` is an absent value,
        /// `nil` a malformed one.
        mutating func optional<T>(_ read: (inout Reader) -> T?) -> T?? {
            switch byte() {
            case 0?: return .some(nil)
            case 1?: return read(&self).map { .some($0) } ?? nil
            default: return nil
            }
        }
        mutating func strings() -> [String]? {
            guard let n = unsigned(), n <= UInt64(base.count - at) else { return nil }
            var out: [String] = []
            out.reserveCapacity(Int(n))
            for _ in 0..<n {
                guard let s = string() else { return nil }
                out.append(s)
            }
            return out
        }

        /// A reader of the next record's body; nil at the end or on malformed bytes.
        mutating func record() -> Reader? {
            guard let length = length() else { return nil }
            defer { at += length }
            return Reader(UnsafeRawBufferPointer(rebasing: base[at..<at + length]), strings: shared)
        }

        /// Skips the next record; false at the end or on malformed bytes.
        mutating func skip() -> Bool {
            guard let length = length() else { return false }
            at += length
            return true
        }
    }
}
