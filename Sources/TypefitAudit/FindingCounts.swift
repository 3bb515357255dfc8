import TypefitCore

/// What a run counts of its findings: those the baseline does not accept, by severity, and the
/// borderline ones (accepted or not).
struct FindingCounts {
    private(set) var errors = 0, warnings = 0, infos = 0, borderline = 0

    /// Counts one finding.
    mutating func add(_ f: Finding) {
        if f.isBorderline { borderline += 1 }
        guard !f.accepted else { return }
        switch f.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }

    /// Adds counts made elsewhere (a job's, counted on its worker).
    mutating func add(_ other: FindingCounts) {
        errors += other.errors
        warnings += other.warnings
        infos += other.infos
        borderline += other.borderline
    }
}
