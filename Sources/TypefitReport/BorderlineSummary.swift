/// The summary line about borderline findings (verdicts within the system font stand-in's error).
enum BorderlineSummary {
    static func line(_ count: Int) -> String {
        "\(count) finding\(count == 1 ? " is" : "s are") borderline: within the system font stand-in's measured error, verify with SF"
    }
}
