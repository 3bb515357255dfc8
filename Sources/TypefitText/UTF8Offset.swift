/// UTF-16 offsets (ICU's and HarfBuzz's clusters are UTF-16) turned into UTF-8 offsets of the same
/// text, by walking its UTF-8 bytes: a line's text and a quoted substring are copied from those
/// bytes rather than decoded again from UTF-16 (`TextLayout.Line.text`, `TextAnalysis.substring`).
/// The offsets must be scalar boundaries (cluster offsets are).
public enum UTF8Offset {
    /// The UTF-8 offset of UTF-16 offset `utf16`, walking on from `walked` (a pair of offsets at the
    /// same scalar boundary, at or before it), which it advances.
    @inlinable
    public static func of(utf16: Int, in bytes: UnsafeBufferPointer<UInt8>, from walked: inout (utf8: Int, utf16: Int)) -> Int {
        var (i, u) = walked
        while u < utf16 && i < bytes.count {
            let b = bytes[i]
            // A lead byte's length: 1 (ASCII), 2, 3, or 4 (a scalar beyond the BMP: two UTF-16 units).
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            i += length
            u += length == 4 ? 2 : 1
        }
        walked = (i, u)
        return min(i, bytes.count)
    }
}
