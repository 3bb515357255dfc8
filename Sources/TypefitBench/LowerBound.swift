import CHarfBuzz
import TypefitShaping
import TypefitText

/// The benchmark's lower bound: what shaping alone costs. Every run the audit shaped, once, with
/// plain HarfBuzz calls and nothing else — one buffer reused for all, no cache, no Swift arrays
/// built; only the advances are read (summed, so the work cannot be skipped).
public enum LowerBound {
    /// Shapes every request in one reused buffer; returns the sum of all advances (font units).
    public static func shapeAll(_ requests: [ShapeRequest]) -> Int {
        guard let buffer = hb_buffer_create() else { return 0 }
        defer { hb_buffer_destroy(buffer) }
        var total = 0
        for r in requests {
            hb_buffer_clear_contents(buffer)
            r.text.withUnsafeBufferPointer { p in
                hb_buffer_add_utf16(buffer, p.baseAddress, Int32(p.count), 0, Int32(p.count))
            }
            hb_buffer_set_direction(buffer, r.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, hb_script_from_string(r.script.code, 4))
            hb_buffer_set_language(buffer, hb_language_from_string(r.language, -1))
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
            var features: [hb_feature_t] = r.features.compactMap { spec in
                var f = hb_feature_t()
                return hb_feature_from_string(spec, -1, &f) != 0 ? f : nil
            }
            r.face.withHarfBuzzFont { font in hb_shape(font, buffer, &features, UInt32(features.count)) }
            var count: UInt32 = 0
            if let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                for i in 0..<Int(count) { total &+= Int(positions[i].x_advance) }
            }
        }
        return total
    }
}
