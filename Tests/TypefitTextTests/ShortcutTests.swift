import CTypefitICU
import Foundation
import XCTest

@testable import TypefitText

/// The analysis takes shortcuts for speed (left-to-right text without ICU's bidi, ASCII without
/// Unicode property lookups, script codes as integers). Each is checked against the slow path it
/// replaces: ICU's own answers.
final class ShortcutTests: XCTestCase {
    /// Text below U+0590 (Latin, Greek, Cyrillic, Armenian, digits, punctuation, controls, combining
    /// marks) is one left-to-right run — what ICU's ubidi resolves for it.
    func testLeftToRightShortcutAgreesWithICU() {
        let samples = [
            "Sign in with Google", "Passwort vergessen? 2 Versuche übrig.", "Ελληνικά 123 - «test»",
            "Русский текст, 3,5 %", "Հայերեն 2024", "e\u{301}\u{308} x\u{327}", "tab\there\nnew line\r\nCRLF",
            "(1+2)*3 = 9; [a] {b} <c>", "  leading and trailing  ", "$100.00 #1 @home ~/path", "\u{0}\u{1F}\u{7F}\u{85}\u{A0}",
            "12:30 - 14:45", "ÆØÅ æøå ß Œ"
        ]
        for text in samples {
            let units = Array(text.utf16)
            XCTAssertTrue(units.allSatisfy { $0 < 0x0590 }, text)
            let fast = Bidi.runs(units), icu = Bidi.icuRuns(units)
            XCTAssertEqual(fast.runs, icu.runs, text)
            XCTAssertEqual(fast.rightToLeft, icu.rightToLeft, text)
        }
    }

    /// Right-to-left and mixed text still goes to ICU.
    func testRightToLeftTextIsResolvedByICU() {
        for text in ["שלום world", "مرحبا 123", "abc ١٢٣", "a\u{202E}bc"] {
            let units = Array(text.utf16)
            let r = Bidi.runs(units)
            XCTAssertEqual(r.runs, Bidi.icuRuns(units).runs, text)
            XCTAssertGreaterThan(r.runs.count + (r.rightToLeft ? 1 : 0), 1, "\(text) has a right-to-left part")
        }
    }

    /// ASCII clusters get ICU's script, control and space answers without a property lookup.
    func testASCIIClustersMatchTheUnicodeProperties() throws {
        let ascii = String(String.UnicodeScalarView((0x20..<0x7F).compactMap(Unicode.Scalar.init)))
        let a = try TextAnalysis(text: "\t" + ascii, locale: "en")
        for c in a.clusters {
            let scalar = TextAnalysis.firstScalar(a.units, at: c.start)
            let props = scalar.properties
            let hanging = scalar == "\t" || props.generalCategory == .spaceSeparator
            XCTAssertEqual(c.isHangingSpace, hanging, "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(c.isLineSeparator, props.generalCategory == .control, "U+\(String(scalar.value, radix: 16))")
        }
        for v in 0..<128 {
            XCTAssertEqual(TextAnalysis.asciiScripts[v], ScriptTag(of: Unicode.Scalar(UInt8(v))), "U+\(String(v, radix: 16))")
        }
        XCTAssertEqual(TextAnalysis.asciiScripts[Int(UInt8(ascii: "A"))], ScriptTag("Latn"))
        XCTAssertEqual(TextAnalysis.asciiScripts[Int(UInt8(ascii: "1"))], ScriptTag.common)
    }

    /// A scalar's script tag comes from a table of every script value's tag, filled once from ICU's
    /// property names: for every code point it is the tag ICU's names give. The neutral scripts'
    /// constants are their codes' tags.
    func testScriptTagTableMatchesICUNames() {
        var scripts = Set<UInt32>()
        for v in UInt32(0)...0x10FFFF {
            let fast = ScriptTag(of: Unicode.Scalar(v) ?? "\u{FFFD}").tag
            let slow = tf_script_tag_icu(Unicode.Scalar(v) == nil ? 0xFFFD : v)
            if fast != slow { XCTFail("U+\(String(v, radix: 16)): \(ScriptTag(tag: fast)) against ICU's \(ScriptTag(tag: slow))") }
            scripts.insert(fast)
        }
        XCTAssertGreaterThan(scripts.count, 150, "the code points name most of Unicode's scripts")
        XCTAssertEqual(ScriptTag.common, ScriptTag("Zyyy"))
        XCTAssertEqual(ScriptTag.inherited, ScriptTag("Zinh"))
        XCTAssertEqual(ScriptTag.unknown, ScriptTag("Zzzz"))
        XCTAssertEqual(ScriptTag(of: "\u{301}"), .inherited)
        XCTAssertEqual(ScriptTag(of: "\u{378}"), .unknown)
        XCTAssertTrue(ScriptTag.unknown.isNeutral && ScriptTag.common.isNeutral && ScriptTag.inherited.isNeutral)
        XCTAssertFalse(ScriptTag("Latn").isNeutral)
    }

    /// A text's UTF-16 units are transcoded from its UTF-8 bytes: the standard library's UTF-16 view
    /// gives the same units for every scalar (each alone and all in one text, so every byte length and
    /// surrogate pair is crossed) and for mixed texts, bridged ones included.
    func testUTF16UnitsMatchTheStandardLibrary() {
        var all = String.UnicodeScalarView()
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let text = String(scalar)
            XCTAssertEqual(UTF16Units.of(text), Array(text.utf16), "U+\(String(v, radix: 16))")
            all.append(scalar)
        }
        let everything = String(all)
        XCTAssertEqual(UTF16Units.of(everything), Array(everything.utf16))
        XCTAssertEqual(UTF16Units.of(everything).count, 0x10FFFF + 1 - 0x800 + 0x100000)
        for text in ["", "Sign in", "Passwort vergessen? ß", "مرحبا 123 👋🏽", "e\u{301} 한국어 日本語 \u{1F468}\u{200D}\u{1F469}", "\r\n\u{0}"] {
            XCTAssertEqual(UTF16Units.of(text), Array(text.utf16), text)
            let bridged = NSString(string: text) as String
            XCTAssertEqual(UTF16Units.of(bridged), Array(text.utf16), text)
        }
    }

    /// Control and space-separator clusters are told from two short lists instead of a property
    /// lookup: for every scalar, the lists agree with the standard library's general category.
    func testControlAndSpaceListsMatchTheGeneralCategory() {
        var controls = 0, spaces = 0
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let category = scalar.properties.generalCategory
            XCTAssertEqual(TextAnalysis.isControl(v), category == .control, "U+\(String(v, radix: 16))")
            XCTAssertEqual(TextAnalysis.isSpaceSeparator(v), category == .spaceSeparator, "U+\(String(v, radix: 16))")
            if category == .control { controls += 1 }
            if category == .spaceSeparator { spaces += 1 }
        }
        XCTAssertEqual(controls, 65)
        XCTAssertEqual(spaces, 17)
        // And in an analysis: a no-break space does not hang, an ideographic space and U+0085 do their part.
        let a = try? TextAnalysis(text: "a\u{3000}b\u{A0}c\u{2009}d\u{85}e", locale: "en")
        XCTAssertEqual(a?.clusters.map(\.isHangingSpace), [false, true, false, false, false, true, false, false, false])
        XCTAssertEqual(a?.clusters.map(\.isLineSeparator), [false, false, false, false, false, false, false, true, false])
    }

    /// Text below U+0300 is split into grapheme clusters without ICU: for every ordered pair of those
    /// code units (each unit followed by every other, in one string per unit), and for real Latin-script
    /// UI strings, the boundaries are ICU's.
    func testGraphemesBelowCombiningMarksAgreeWithICU() throws {
        let icu = try BreakIterator(kind: .character, locale: "en")
        var checked = 0
        for a in UInt16(0)..<0x300 {
            var units: [UInt16] = []
            for b in UInt16(0)..<0x300 { units += [a, b] }
            units.append(a)
            XCTAssertEqual(TextAnalysis.graphemesBelowCombiningMarks(units), icu.boundaries(units), "U+\(String(a, radix: 16))")
            checked += 1
        }
        XCTAssertEqual(checked, 0x300)
        let samples = [
            "Passwort vergessen?", "Se connecter avec Google", "Iniciar sesión", "Zaloguj się przez Google", "Giriş yap",
            "line\r\nbreak\r\r\n\n\rend", "", "\r", "\r\n", "ĦĲŒ ǅ ȹ ʯ˿"
        ]
        for text in samples {
            let units = Array(text.utf16)
            XCTAssertTrue(units.allSatisfy { $0 < 0x300 }, text)
            XCTAssertEqual(TextAnalysis.graphemesBelowCombiningMarks(units), icu.boundaries(units), text)
            let clusters = try TextAnalysis(text: text, locale: "en").clusters
            XCTAssertEqual(clusters.count, text.count, text)
        }
    }

    /// A string's characters are counted from its UTF-8 bytes when every scalar is below U+0300: for
    /// every ordered pair of those scalars (each followed by every other, in one string per scalar),
    /// for CR LF runs and for real UI strings, the count is `String.count`; text with other scalars
    /// (a combining mark, ZWJ sequences, flags, Hangul jamo, CJK) is counted as `String.count` does.
    func testCharacterCountIsStringCount() {
        var checked = 0
        for a in UInt32(0)..<0x300 {
            var scalars = String.UnicodeScalarView()
            for b in UInt32(0)..<0x300 {
                scalars.append(Unicode.Scalar(a)!)
                scalars.append(Unicode.Scalar(b)!)
            }
            scalars.append(Unicode.Scalar(a)!)
            let text = String(scalars)
            XCTAssertEqual(CharacterCount.of(text), text.count, "U+\(String(a, radix: 16))")
            checked += 1
        }
        XCTAssertEqual(checked, 0x300)
        let samples = [
            "Passwort vergessen?", "Se connecter avec Google", "line\r\nbreak\r\r\n\n\rend", "", "\r", "\r\n", "\n\r",
            "ĦĲŒ ǅ ȹ ʯ˿", "e\u{301}t\u{E9}", "👩‍👩‍👧 🇫🇷", "\u{1100}\u{1161}\u{11A8}", "日本語", "مرحبا", "a\u{200D}b", "©\u{FE0F}"
        ]
        for text in samples { XCTAssertEqual(CharacterCount.of(text), text.count, text) }
    }

    /// Every scalar counted from the bytes above U+0300 (`CharacterCount.alwaysAlone`) is a character
    /// of its own beside each neighbour that would join it if it were not Other: itself (regional
    /// indicators, jamo), a letter before it (Extend, SpacingMark, ZWJ) and after it (Prepend), a
    /// combining mark after it, a Hangul LV syllable before it (V, T) and after it (L), and CR LF. For
    /// real strings in those scripts, and all of them run together, the count is `String.count`.
    func testCharacterCountAboveCombiningMarksIsStringCount() {
        var checked = 0
        for value in UInt32(0x300)...0xFFFF where CharacterCount.alwaysAlone(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let s = String(Character(scalar))
            for (text, expected) in [
                (s + s, 2), ("a" + s, 2), (s + "a", 2), (s + "\u{301}", 1), ("\u{AC00}" + s, 2), (s + "\u{1100}", 2),
                ("\r\n" + s + "\r\n", 3)
            ] {
                let shown = text.unicodeScalars.map { String($0.value, radix: 16) }
                XCTAssertEqual(text.count, expected, "U+\(String(value, radix: 16)) in \(shown)")
                XCTAssertEqual(CharacterCount.of(text), text.count, "U+\(String(value, radix: 16))")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 40_000)
        let samples = [
            "Καλώς ήρθατε", "Забыли пароль?", "שכחת את הסיסמה?", "هل نسيت كلمة المرور؟", "Đăng nhập bằng email", "パスワードをお忘れですか？",
            "登录", "비밀번호를 잊으셨나요?", "«Войти» — 10 €", "ＡＢＣ（１）", "ｶﾀｶﾅ", "ｶﾞ", "مَرْحَبًا", "\u{600}١٢", "ก็", "नमस्ते", "日本\u{3099}",
            "Zurück\r\n→ 次へ", "😀 日本"
        ]
        for text in samples + [samples.joined()] { XCTAssertEqual(CharacterCount.of(text), text.count, text) }
    }

    /// A substring is copied from the text's UTF-8 instead of decoded from its UTF-16 units: for every
    /// pair of scalar boundaries of text in one- to four-byte UTF-8 (and one bridged from `NSString`
    /// with a lone surrogate), it is what decoding the units gives.
    func testSubstringsAreTheDecodedUnits() throws {
        let texts = [
            "Correo electrónico", "日本語のテキスト𠀋と絵文字👩‍👩‍👧 です", "مرحبا 👋🏽 שלום", "e\u{301}t\u{E9} 🇫🇷 ﬁn", "x",
            String(NSString(characters: [0x61, 0xD800, 0x62, 0xDC00, 0x63], length: 5))
        ]
        var compared = 0
        for text in texts {
            let a = try TextAnalysis(text: text, locale: "en")
            var offsets = [0]
            var i = 0
            while i < a.units.count {
                i += UTF16.isLeadSurrogate(a.units[i]) && i + 1 < a.units.count && UTF16.isTrailSurrogate(a.units[i + 1]) ? 2 : 1
                offsets.append(i)
            }
            for lo in offsets {
                for hi in offsets where hi >= lo {
                    XCTAssertEqual(a.substring(lo, hi), String(decoding: a.units[lo..<hi], as: UTF16.self), "\(text) \(lo)..<\(hi)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 500)
    }

    /// Script tags packed as integers keep their codes and order as the codes do.
    func testScriptTagsKeepTheirCodesAndOrder() {
        let codes = [
            "Arab", "Armn", "Beng", "Cyrl", "Deva", "Ethi", "Geor", "Grek", "Gujr", "Guru", "Hang", "Hani", "Hebr",
            "Hira", "Kana", "Khmr", "Knda", "Laoo", "Latn", "Mlym", "Mymr", "Sinh", "Taml", "Telu", "Thai", "Zinh",
            "Zyyy", "Zzzz"
        ]
        for code in codes { XCTAssertEqual(ScriptTag(code).code, code) }
        let shuffled = codes.reversed().map(ScriptTag.init)
        XCTAssertEqual(shuffled.sorted().map(\.code), codes.sorted())
        XCTAssertEqual(ScriptTag(of: "ش"), ScriptTag("Arab"))
        XCTAssertEqual(ScriptTag(of: "ก"), ScriptTag("Thai"))
        XCTAssertTrue(ScriptTag("Hebr").isRightToLeft)
        XCTAssertFalse(ScriptTag("Latn").isRightToLeft)
        XCTAssertTrue(ScriptTag("Hang").isCJK)
    }
}
