/// What accepted a finding that is reported but does not fail the run: the baseline (`--baseline`)
/// or a waiver in `.typefit.yml`. Reports say which (`Acceptance.phrase`), so a run whose findings a
/// waiver accepted never reads as if a baseline had.
public enum Acceptance: Sendable, CaseIterable {
    case baseline
    case waiver

    /// The ways findings were accepted, from how many each way was.
    public static func kinds(baselined: Int, waived: Int) -> Set<Acceptance> {
        Set(allCases.filter { ($0 == .baseline ? baselined : waived) > 0 })
    }
}
