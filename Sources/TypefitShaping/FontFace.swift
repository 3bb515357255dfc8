import CHarfBuzz
import CTypefitCoverage
import Foundation
import TypefitCore

/// One face of a font file, loaded once and shared for the process lifetime.
///
/// Holds an immutable HarfBuzz face and font at the font's own units-per-em scale, so every advance
/// HarfBuzz returns is in font units; callers scale to points in floating point. Immutable after
/// `init` (`hb_font_make_immutable`), so it is safe to share across tasks.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Process-unique id, used in cache keys.
    public let id: Int
    public let path: String
    public let faceIndex: Int
    public let family: String
    public let styleName: String
    /// OS/2 usWeightClass.
    public let weight: FontWeight
    public let isItalic: Bool
    public let unitsPerEm: Double
    /// Vertical metrics from the `hhea` table in font units — what Core Text uses on Apple
    /// platforms, even when OS/2 USE_TYPO_METRICS is set (see docs/text-engine.md).
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    /// Variation axis values applied to this instance (empty for static fonts).
    public let variations: [String: Double]
    /// The font's own tracking (`trak` track 0), when it has one.
    public let track: FontTrack?
    /// Variation axes of the font (empty for static fonts): tag → (minimum, default, maximum).
    public let axisRanges: [String: ClosedRange<Double>]
    /// Whether the font has an optical-size axis (`opsz` in `axisRanges`), read once: the audit asks
    /// for every text it measures whether a kept paragraph still holds at another size, where a
    /// lookup of the axis by name hashed its tag each time.
    public let hasOpticalSizeAxis: Bool
    /// Whether the face is one of the emoji fonts (`FontCascade.emojiFamilies`), by its family:
    /// font fallback asks for every cluster, where comparing the family's name cost two string
    /// comparisons each time.
    public let isEmojiFamily: Bool

    let hbFace: OpaquePointer
    let hbFont: OpaquePointer

    /// The face's HarfBuzz font, for code outside the engine that calls HarfBuzz itself (the
    /// benchmark's lower bound). It lives as long as the face; do not keep it past `body`.
    public func withHarfBuzzFont<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try body(hbFont)
    }
    /// Which ASCII characters the cmap maps (bit n of the pair: U+00nn), read once: fallback asks
    /// for every cluster of every paragraph, and most are ASCII.
    private let asciiCoverage: (UInt64, UInt64)
    /// The answers for the code points past ASCII asked so far (`covers`): every cluster of every text
    /// shaped asks its font, and HarfBuzz's cmap lookup cost about 190 instructions each time.
    private let coverage: OpaquePointer?

    init(
        id: Int, path: String, faceIndex: Int, info: FontFileInfo.Face, variations: [String: Double],
        blob: OpaquePointer
    ) throws {
        self.id = id
        self.path = path
        self.faceIndex = faceIndex
        self.family = info.family
        isEmojiFamily = FontCascade.emojiFamilies.contains(info.family)
        self.styleName = info.style
        self.weight = info.weight
        self.isItalic = info.isItalic
        self.ascender = info.hheaAscender
        self.descender = info.hheaDescender
        self.lineGap = info.hheaLineGap
        self.variations = variations
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            throw InputError(file: path, message: "HarfBuzz could not open face \(faceIndex)")
        }
        let upem = hb_face_get_upem(face)
        guard upem >= 16 && upem <= 16384 else {
            hb_face_destroy(face)
            throw InputError(file: path, message: "face \(faceIndex) has an invalid unitsPerEm (\(upem))")
        }
        unitsPerEm = Double(upem)
        hb_face_make_immutable(face)
        hbFace = face
        track = FontTrack.read(face)
        var ranges: [String: ClosedRange<Double>] = [:]
        var count = hb_ot_var_get_axis_count(face)
        if count > 0 && count < 64 {
            var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
            _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
            for info in infos.prefix(Int(count)) where info.min_value <= info.max_value {
                var tag = [CChar](repeating: 0, count: 5)
                hb_tag_to_string(info.tag, &tag)
                let name = String(decoding: tag.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                ranges[name] = Double(info.min_value)...Double(info.max_value)
            }
        }
        axisRanges = ranges
        hasOpticalSizeAxis = ranges["opsz"] != nil
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw InputError(file: path, message: "HarfBuzz could not create a font for face \(faceIndex)")
        }
        if !variations.isEmpty {
            var settings = variations.sorted { $0.key < $1.key }.map {
                hb_variation_t(tag: HarfBuzzTag.make($0.key), value: Float($0.value))
            }
            hb_font_set_variations(font, &settings, UInt32(settings.count))
        }
        hb_font_make_immutable(font)
        hbFont = font
        var bits: (UInt64, UInt64) = (0, 0)
        var glyph: hb_codepoint_t = 0
        for c in 0..<128 where hb_font_get_nominal_glyph(font, hb_codepoint_t(c), &glyph) != 0 {
            if c < 64 { bits.0 |= 1 << UInt64(c) } else { bits.1 |= 1 << UInt64(c - 64) }
        }
        asciiCoverage = bits
        coverage = tf_coverage_create()
    }

    deinit {
        tf_coverage_destroy(coverage)
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// Whether the face maps `scalar` to a glyph (cmap lookup, with a variation selector when given).
    public func covers(_ scalar: Unicode.Scalar, variationSelector: Unicode.Scalar? = nil) -> Bool {
        var glyph: hb_codepoint_t = 0
        if let vs = variationSelector {
            return hb_font_get_variation_glyph(hbFont, scalar.value, vs.value, &glyph) != 0
        }
        let v = scalar.value
        if v < 64 { return asciiCoverage.0 & (1 << UInt64(v)) != 0 }
        if v < 128 { return asciiCoverage.1 & (1 << UInt64(v - 64)) != 0 }
        let known = tf_coverage_get(coverage, v)
        if known >= 0 { return known == 1 }
        let covers = hb_font_get_nominal_glyph(hbFont, v, &glyph) != 0
        tf_coverage_set(coverage, v, covers ? 1 : 0)
        return covers
    }

    /// The font's own tracking at a point size in em (nil when it has no `trak` table).
    public func trackingEm(at size: Double) -> Double? {
        track.map { $0.value(at: size) / unitsPerEm }
    }

    /// Line height in em: hhea ascender − descender + lineGap, divided by unitsPerEm.
    public var lineHeightEm: Double { (ascender - descender + lineGap) / unitsPerEm }

    /// A short name for reports: "Inter Display SemiBold".
    public var displayName: String { styleName.isEmpty || styleName == "Regular" ? family : "\(family) \(styleName)" }

    /// The file name without folders.
    public var fileName: String { (path as NSString).lastPathComponent }

    /// The font's version string, `name` table ID 5 ("Version 4.000;git-…"), in English when the font
    /// has several languages; nil when the font has none.
    public var versionString: String? {
        let id = hb_ot_name_id_t(HB_OT_NAME_ID_VERSION_STRING)
        // A nil language (HB_LANGUAGE_INVALID) picks English, else the first name.
        var length = hb_ot_name_get_utf8(hbFace, id, nil, nil, nil)
        guard length > 0, length < 4096 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        length += 1
        _ = hb_ot_name_get_utf8(hbFace, id, nil, &length, &buffer)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    public var description: String { "\(displayName) (\(fileName)#\(faceIndex))" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Four-character OpenType tags.
enum HarfBuzzTag {
    static func make(_ text: String) -> hb_tag_t {
        var bytes = Array(text.utf8.prefix(4))
        while bytes.count < 4 { bytes.append(0x20) }
        return hb_tag_t(bytes[0]) << 24 | hb_tag_t(bytes[1]) << 16 | hb_tag_t(bytes[2]) << 8 | hb_tag_t(bytes[3])
    }
}

/// HarfBuzz's version, for reports.
public var harfBuzzVersion: String { String(cString: hb_version_string()) }
