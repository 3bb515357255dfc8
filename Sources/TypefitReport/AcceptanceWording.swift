import TypefitAudit

/// How every report words what accepted findings.
extension Acceptance {
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
