// Calls of NSLocalizedString in the forms apps write them (DuckDuckGo's UserText.swift, Brave's
// BraveStrings.swift, KeePassium's LString+*.swift), and the forms that must not be read.
// CodeLocalizedStringsTests compiles this file with LocalizedCallsStub.swift, whose
// NSLocalizedString records what the compiler passes it (LocalizedCallsMain.swift prints it): the
// reference for the scanner. It imports nothing, so the stub's NSLocalizedString and Bundle are
// the ones called.

final class FixtureBundleToken {}

enum Elsewhere {
    static func NSLocalizedString(_ key: String, value: String, comment: String) -> String { key }
}

func fixtureCalls() {
    _ = NSLocalizedString("settings.title", value: "Settings", comment: "Title of the settings screen")
    _ = NSLocalizedString("About", tableName: "BraveShared", bundle: .main, value: "About", comment: "About settings section title")
    _ = NSLocalizedString(
        "[Generic] OK",
        bundle: Bundle(for: FixtureBundleToken.self),
        value: "OK",
        comment: "Action/button: generic OK, (with a comma) and a parenthesis)"
    )
    _ = NSLocalizedString("[Generic/Count/Items]", bundle: Bundle.main, comment: "No value: the key is shown")
    _ = NSLocalizedString("empty.value", tableName: nil, value: "", comment: "An empty value is none")
    _ = NSLocalizedString("escapes", value: "Line one\nTab\there \"quoted\" back\\slash caf\u{E9} \u{1F600}", comment: "")
    _ = NSLocalizedString("über.uns", tableName: "Intl", value: "Über uns · 設定 · إعدادات", comment: "")
    _ = NSLocalizedString(
        "multiline",
        value: """
            First line
              indented line
            joined \
            here
            """,
        comment: "A multiline literal")
    _ = NSLocalizedString("raw", value: #"He said "hi" \n stays"#, comment: "")
    _ = NSLocalizedString("raw.escape", value: #"Raw with \#n a line break"#, comment: "")
    _ = NSLocalizedString(
        "joined",
        value: "Websites often use cookies. "
            + "Brave blocks them, "  // a comment between the parts
            + /* and another */ "so you browse privately.",
        comment: "Concatenated literals")
    _ = NSLocalizedString("format", value: "Version %@ (%@) · %lld items · 100%%", comment: "")
    // swift-format-ignore
    _ = NSLocalizedString /* spacing */ ("spaced.call", value: "Spaced", comment: "")
    let name = "World"
    // Not constant: skipped, as genstrings skips them.
    _ = NSLocalizedString("interpolated", value: "Hello \(name), \("nested \(name)")", comment: "")
    _ = NSLocalizedString("computed.table", tableName: name, value: "Computed table", comment: "")
    _ = NSLocalizedString(name, value: "Computed key", comment: "")
    _ = NSLocalizedString("computed.value", value: name.uppercased(), comment: "")
    // Not calls of Foundation's function.
    _ = Elsewhere.NSLocalizedString("member", value: "A member of something else", comment: "")
    // _ = NSLocalizedString("line.comment", value: "Commented out", comment: "")
    /* _ = NSLocalizedString("block.comment", value: "Commented out", comment: "")
       /* nested */ _ = NSLocalizedString("nested.comment", value: "Still commented out", comment: "") */
    _ = "a string that mentions NSLocalizedString(\"in.string\", value: \"Not code\", comment: \"\")"
    _ = #"raw: NSLocalizedString("in.raw", value: "Not code", comment: "")"#
    _ = """
        NSLocalizedString("in.multiline", value: "Not code", comment: "")
        """
    _ = NSLocalizedString("after.all", tableName: "BraveShared", value: "Read after everything above", comment: "")
}
