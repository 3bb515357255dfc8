import TypefitCore
import XCTest

@testable import TypefitStrings

/// The tape the String Catalog reader reads: an object's members are merged as `JSONObject`'s are
/// (a repeated name keeps its first place and its last value, names equal as Swift strings are),
/// whichever way the tape tells names apart.
final class JSONTapeTests: XCTestCase {
    /// The object's members as (name, value's text) pairs, in the tape's order.
    private func members(_ json: String) throws -> [(String, String)] {
        var text = json
        return try text.withUTF8 { utf8 in
            let tape = try JSONParser.parseTape(utf8, file: "t.json")
            var out: [(String, String)] = []
            tape.forEachMember(JSONTape.root) { m in
                out.append((tape.string(m.name), tape.kind(m.value) == .string ? tape.string(m.value) : tape.numberText(m.value)))
            }
            return out
        }
    }

    private func assertMembers(_ json: String, _ expected: [(String, String)], file: StaticString = #filePath, line: UInt = #line) throws {
        let got = try members(json)
        XCTAssertEqual(got.map(\.0), expected.map(\.0), json, file: file, line: line)
        XCTAssertEqual(got.map(\.1), expected.map(\.1), json, file: file, line: line)
    }

    func testRepeatedNamesKeepTheirFirstPlaceAndLastValueAtAnySize() throws {
        // Two to eight members are compared directly; more are summarised, then looked up in a table.
        for count in [2, 8, 9, 20] {
            let names = (0..<count).map { "k\($0)" }
            let written = names.enumerated().map { "\"\($1)\": \($0)" }
            let json = "{" + (written + ["\"k1\": 100", "\"k\(count - 1)\": 200"]).joined(separator: ", ") + "}"
            let expected = names.enumerated().map { ($1, $0 == count - 1 ? "200" : $1 == "k1" ? "100" : "\($0)") }
            try assertMembers(json, expected)
            // Without a repeat, every member as written.
            try assertMembers("{" + written.joined(separator: ", ") + "}", names.enumerated().map { ($1, "\($0)") })
        }
    }

    func testNamesAlikeInTheirFirstSevenBytesAndLengthAreStillToldApart() throws {
        // Ten names of eight bytes that differ only in the last: their summaries are all the same.
        let names = (0..<10).map { "zh-Hanx" + String(UnicodeScalar(UInt8(65 + $0))) }
        try assertMembers(
            "{" + names.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}", names.enumerated().map { ($1, "\($0)") })
        try assertMembers(
            "{" + names.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + ",\"zh-HanxC\": 99}",
            names.enumerated().map { ($1, $1 == "zh-HanxC" ? "99" : "\($0)") })
    }

    func testANameWrittenWithAnEscapeIsTheSameName() throws {
        try assertMembers(#"{"ab": 1, "\u0061b": 2, "c": 3}"#, [("ab", "2"), ("c", "3")])
        let many = (0..<12).map { "\"n\($0)\": \($0)" }.joined(separator: ",")
        try assertMembers("{" + many + #","\u006e3": 30}"#, (0..<12).map { ("n\($0)", $0 == 3 ? "30" : "\($0)") })
        var text = #"{"string\u0055nit": {"value": "x"}, "state": "new"}"#
        try text.withUTF8 { utf8 in
            let tape = try JSONParser.parseTape(utf8, file: "t.json")
            let unit = try XCTUnwrap(tape.member(JSONTape.root, "stringUnit"))
            XCTAssertEqual(tape.member(unit, "value").map { tape.string($0) }, "x")
            XCTAssertEqual(tape.members(JSONTape.root, "state", "stringUnit").0.map { tape.string($0) }, "new")
        }
    }

    func testCanonicallyEquivalentNamesAreOneName() throws {
        // As Swift's String equality (and so `JSONObject`): é precomposed and decomposed, the Kelvin
        // sign and K, the Greek question mark and the semicolon.
        try assertMembers("{\"\u{E9}\": 1, \"e\u{301}\": 2, \"x\": 3}", [("\u{E9}", "2"), ("x", "3")])
        try assertMembers(#"{"K": 1, "\u212a": 2}"#, [("K", "2")])
        try assertMembers("{\"a\u{37E}\": 1, \"a;\": 2}", [("a\u{37E}", "2")])
        let many = (0..<10).map { "\"m\($0)\": \($0)" }.joined(separator: ",")
        try assertMembers("{\"K\": 0," + many + ",\"\u{212A}\": 5}", [("K", "5")] + (0..<10).map { ("m\($0)", "\($0)") })
    }

    func testTheTreeIsBuiltFromTheTape() throws {
        let node = try JSONParser.parse(#"{"a": [1, "x\n", true, null, {"b": false}], "a": {"c": -2.5e3}}"#, file: "t.json")
        guard case .object(let top) = node.value, case .object(let a)? = top["a"]?.value else { return XCTFail("not objects") }
        XCTAssertEqual(top.names, ["a"])
        guard case .number(let c)? = a["c"]?.value else { return XCTFail("no number") }
        XCTAssertEqual(c, "-2.5e3")
        XCTAssertEqual(a["c"]?.offset, 55)
    }
}
