import CHarfBuzz

/// A font's own tracking: track 0 ("Normal") of its AAT `trak` table, horizontal, in font units per
/// point size — what Core Text adds after each of the font's glyphs (Apple's SF Pro has one:
/// −47/2048 em at 17 pt). Sizes between the table's interpolate linearly; outside, the end values.
public struct FontTrack: Sendable, Equatable {
    /// Point sizes, ascending, and the tracking at each in font units.
    public var sizes: [Double]
    public var values: [Double]

    /// Tracking at a point size, in font units.
    public func value(at size: Double) -> Double {
        guard let first = sizes.first, let last = sizes.last else { return 0 }
        if size <= first { return values[0] }
        if size >= last { return values[values.count - 1] }
        for k in 1..<sizes.count where size <= sizes[k] {
            let (a, b) = (sizes[k - 1], sizes[k])
            return values[k - 1] + (size - a) * (values[k] - values[k - 1]) / (b - a)
        }
        return values[values.count - 1]
    }

    /// Reads track 0 of the horizontal data of a `trak` table; nil when the face has none or it is
    /// malformed (a bad table never stops the audit: the font is then simply untracked by itself).
    static func read(_ face: OpaquePointer) -> FontTrack? {
        guard let blob = hb_face_reference_table(face, HarfBuzzTag.make("trak")) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let base = hb_blob_get_data(blob, &length), length >= 12 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: base, count: Int(length))
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= bytes.count ? Int(bytes[o]) << 8 | Int(bytes[o + 1]) : nil }
        func i16(_ o: Int) -> Int? { u16(o).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }
        func u32(_ o: Int) -> Int? { guard let hi = u16(o), let lo = u16(o + 2) else { return nil }; return hi << 16 | lo }
        func fixed(_ o: Int) -> Double? { u32(o).map { Double(Int32(truncatingIfNeeded: $0)) / 65536 } }
        // Header: version (Fixed), format, horizOffset, vertOffset, reserved.
        guard let horizontal = u16(6), horizontal > 0,
            let tracks = u16(horizontal), let sizeCount = u16(horizontal + 2), let sizeTable = u32(horizontal + 4),
            tracks > 0, sizeCount > 0, sizeCount <= 1000
        else { return nil }
        var sizes: [Double] = []
        for k in 0..<sizeCount {
            guard let s = fixed(sizeTable + 4 * k) else { return nil }
            sizes.append(s)
        }
        for t in 0..<tracks {
            let entry = horizontal + 8 + 8 * t
            guard let track = fixed(entry), let offset = u16(entry + 6) else { return nil }
            guard track == 0 else { continue }
            var values: [Double] = []
            for k in 0..<sizeCount {
                guard let v = i16(offset + 2 * k) else { return nil }
                values.append(Double(v))
            }
            guard zip(sizes, sizes.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            return FontTrack(sizes: sizes, values: values)
        }
        return nil
    }
}
