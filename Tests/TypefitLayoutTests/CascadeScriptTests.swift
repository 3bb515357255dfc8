import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Scripts iOS draws with fonts of its own cascade (shared/reference/text-layout-techniques.md
/// §2.4: Noto Sans Oriya, Kailasa for Tibetan, Euphemia UCAS for Canadian syllabics; iOS 7's font
/// list already had Oriya Sangam MN, Kailasa and Euphemia UCAS) had no bundled font: Odia, Tibetan
/// and Inuktitut text in the system font was a `missing-glyphs` error. Noto Sans Oriya, Noto Serif
/// Tibetan (Noto's only Tibetan) and Noto Sans Canadian Aboriginal stand in. The texts are CLDR's
/// (each language's own name, weekday names); the widths are hb-shape's (Fixtures/hb-shape).
final class CascadeScriptTests: XCTestCase {
    func testOdiaTibetanAndInuktitutAreMeasuredInTheirScriptsFonts() throws {
        let cases: [(sample: String, text: String, locale: String, file: String)] = [
            ("or-language", "ଓଡ଼ିଆ", "or", "NotoSansOriya-Regular.ttf"),
            ("or-weekdays", "ମଙ୍ଗଳବାର ଶୁକ୍ରବାର", "or", "NotoSansOriya-Regular.ttf"),
            ("bo-language", "བོད་སྐད་", "bo", "NotoSerifTibetan-Regular.ttf"),
            ("bo-weekday", "གཟའ་མིག་དམར་", "bo", "NotoSerifTibetan-Regular.ttf"),
            ("iu-language", "ᐃᓄᒃᑎᑐᑦ", "iu", "NotoSansCanadianAboriginal-Regular.ttf"),
            ("iu-weekday", "ᓇᒡᒐᔾᔭᐅᓕᖅᑭ", "iu", "NotoSansCanadianAboriginal-Regular.ttf")
        ]
        let samples = try HBShapeWidthTests.samples()
        for c in cases {
            let sample = try XCTUnwrap(samples.first { $0.id == c.sample })
            XCTAssertEqual(sample.text, c.text)
            for size in [17.0, 53.0] {
                // The system font (the stand-in) first, as a label in the body style would ask.
                var request = MeasureRequest(text: c.text)
                request.size = size
                request.locale = c.locale
                let result = try TestSupport.engine.measure(request)
                XCTAssertEqual(result.missingGlyphs.count, 0, c.sample)
                // Spaces stay in the stand-in where it has them; every letter is the script font's.
                XCTAssertEqual(result.fonts.map(\.file).filter { !$0.hasPrefix("Inter") }, [c.file], c.sample)
                if !c.text.contains(" ") {
                    XCTAssertEqual(result.naturalWidth, sample.advance / sample.upem * size, accuracy: 0.01, "\(c.sample) at \(size) pt")
                }
            }
        }
    }
}
