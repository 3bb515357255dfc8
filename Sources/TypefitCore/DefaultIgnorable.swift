/// Unicode's Default_Ignorable_Code_Point property (UAX #44, DerivedCoreProperties.txt): characters
/// that are drawn as nothing when a font lacks them (joiners, variation selectors, bidi controls,
/// tags…), so font fallback does not look for a font to cover them.
///
/// The same answer as `Unicode.Scalar.Properties.isDefaultIgnorableCodePoint` (the standard
/// library's Unicode data) for every scalar — `DefaultIgnorableTests` compares all 1,112,064 — from a
/// range list instead of the property lookup, which cost about 300 instructions a call: font fallback
/// asks for nearly every character shaped (about 400,000 times on the benchmark corpus).
public enum DefaultIgnorable {
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0xAD { return false }
        switch v {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
            0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
            0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }
}
