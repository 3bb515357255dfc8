/// What accepted a finding that is reported but does not fail the run: the baseline (`--baseline`)
/// or a waiver in `.typefit.yml`. Reports say which, so a run whose findings a waiver accepted never
/// reads as if a baseline had.
public enum Acceptance: Sendable, CaseIterable {
    case baseline
    case waiver

    /// The ways findings were accepted, from how many each way was.
    public static func kinds(baselined: Int, waived: Int) -> Set<Acceptance> {
        Set(allCases.filter { ($0 == .baseline ? baselined : waived) > 0 })
    }

    /// "accepted by the baseline", "waived in .typefit.yml", or, for findings accepted both ways,
    /// "accepted by the baseline or waived in .typefit.yml"; nil for none. `baseline` follows "the
    /// baseline" (a report's name for the file).
    public static func phrase(_ kinds: Set<Acceptance>, baseline: String = "") -> String? {
        switch (kinds.contains(.baseline), kinds.contains(.waiver)) {
        case (true, false): "accepted by the baseline\(baseline)"
        case (false, true): "waived in .typefit.yml"
        case (true, true): "accepted by the baseline\(baseline) or waived in .typefit.yml"
        case (false, false): nil
        }
    }
}
