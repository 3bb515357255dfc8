import TypefitAudit

/// What `audit` and `merge` leave to the process's exit to free (100 000+ findings, the engine's caches).
final class KeepUntilExit {
    let report: AuditReport
    let auditor: Auditor?
    init(report: AuditReport, auditor: Auditor? = nil) {
        self.report = report
        self.auditor = auditor
    }
}
