/// A string's UTF-16 code units, transcoded from its UTF-8 bytes in one pass into an array allocated
/// once (a text has at most as many UTF-16 units as UTF-8 bytes). `Array(text.utf16)` walked the
/// string's UTF-16 view, which decodes a native string scalar by scalar through the view's index
/// machinery: about 1,900 instructions for each text analysed on the benchmark corpus, four times
/// this. The units are the view's (the tests compare them for every scalar and for mixed texts).
public enum UTF16Units {
    public static func of(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            [UInt16](unsafeUninitializedCapacity: bytes.count) { out, initialized in
                // A native string's bytes are valid UTF-8 (`withUTF8` makes any other one so): each
                // lead byte says how many continuation bytes follow.
                var i = 0, n = 0
                let count = bytes.count
                while i < count {
                    let b0 = UInt32(bytes[i])
                    if b0 < 0x80 {
                        out[n] = UInt16(b0)
                        i += 1
                        n += 1
                    } else if b0 < 0xE0 {
                        out[n] = UInt16((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F))
                        i += 2
                        n += 1
                    } else if b0 < 0xF0 {
                        out[n] = UInt16((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F))
                        i += 3
                        n += 1
                    } else {
                        let v =
                            (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                            | UInt32(bytes[i + 3] & 0x3F)
                        let w = v - 0x10000
                        out[n] = UInt16(0xD800 + (w >> 10))
                        out[n + 1] = UInt16(0xDC00 + (w & 0x3FF))
                        i += 4
                        n += 2
                    }
                }
                initialized = n
            }
        }
    }
}
