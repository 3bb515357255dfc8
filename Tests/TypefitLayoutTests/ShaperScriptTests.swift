import CHarfBuzz
import XCTest

@testable import TypefitShaping
@testable import TypefitText

/// The shaper hands HarfBuzz a script by its tag (`Shaper.hbScript`) instead of spelling the tag's
/// code for `hb_script_from_string`: for every script ICU names, and for tags no script has, the
/// script HarfBuzz is given is the one its own parser makes of the code.
final class ShaperScriptTests: XCTestCase {
    func testScriptsAreTheOnesHarfBuzzParsesFromTheirCodes() {
        var tags = ScriptTag.allNames.compactMap(ScriptTag.init(named:))
        tags += [ScriptTag.common, .inherited, .unknown, ScriptTag("latn"), ScriptTag("Qaai"), ScriptTag("Aran"), ScriptTag("Xy")]
        tags += [ScriptTag(tag: 0), ScriptTag(tag: 0x4C61_0000), ScriptTag(tag: 0xC3A9_6162), ScriptTag(tag: 0x2020_2020)]
        XCTAssertGreaterThan(tags.count, 150)
        for tag in tags {
            XCTAssertEqual(Shaper.hbScript(tag), hb_script_from_string(tag.code, 4), "\(tag.tag)")
        }
        XCTAssertEqual(Shaper.hbScript(ScriptTag("Arab")), HB_SCRIPT_ARABIC)
        XCTAssertEqual(Shaper.hbScript(ScriptTag("latn")), HB_SCRIPT_LATIN)
    }
}
