import Foundation
import TypefitCore
import TypefitSpec
import TypefitStrings

/// What `.typefit.yml`'s waivers did to one run: how many findings each accepted, and which have
/// expired (an expired waiver accepts nothing and fails the run).
public struct WaiverResult: Sendable, Equatable {
    public struct Use: Sendable, Equatable {
        public var waiver: Waiver
        /// Findings it accepted in this run (0: it matches nothing; check its element and rule).
        public var findings: Int
    }
    /// Every waiver that has not expired, in file order.
    public var uses: [Use] = []
    /// Waivers past their expiry date, in file order.
    public var expired: [Waiver] = []
    /// Indices in `AuditReport.findings` of the findings waived.
    public var waivedFindings: Set<Int> = []
    public var waived: Int { uses.reduce(0) { $0 + $1.findings } }
}

extension AuditReport {
    /// Applies waivers after the audit: each finding a waiver matches (same rule and element, and its
    /// spec, screen, locale and category range when given) is accepted like a baselined finding, does
    /// not fail the run, and says in its message that it is waived and why. Expired waivers accept
    /// nothing and make the run fail.
    /// - Parameter today: `yyyy-MM-dd` (UTC), compared with each waiver's `expires`.
    public mutating func apply(waivers: [Waiver], today: String, strict: Bool) -> WaiverResult {
        var result = WaiverResult()
        let active = waivers.filter { w in
            if w.isExpired(today: today) { result.expired.append(w); return false }
            return true
        }
        summary.shard?.include(waivers: active)
        var counts = Array(repeating: 0, count: active.count)
        let canonicalLocales = active.map { $0.locale.map(LocaleResolver.canonical) }
        for i in findings.indices where !findings[i].accepted {
            let f = findings[i]
            guard
                let k = active.indices.first(where: { k in
                    let w = active[k]
                    guard w.rule == f.rule, w.element == f.element else { return false }
                    if let spec = w.spec, URL(fileURLWithPath: f.spec).standardizedFileURL.path != spec { return false }
                    if let screen = w.screen, screen != f.screen, screen != f.title { return false }
                    if let locale = canonicalLocales[k], f.locale.map(LocaleResolver.canonical) != locale { return false }
                    if let range = w.categories {
                        guard let c = f.category, range.contains(c) else { return false }
                    }
                    return true
                })
            else { continue }
            counts[k] += 1
            result.waivedFindings.insert(i)
            let w = active[k]
            switch f.severity {
            case .error: summary.errors -= 1
            case .warning: summary.warnings -= 1
            case .info: summary.infos -= 1
            }
            summary.baselined += 1
            findings[i].accepted = true
            findings[i].message =
                "waived (\(ProjectConfig.fileName):\(w.location.line): \(w.reason)\(w.expires.map { ", until \($0)" } ?? "")): " + f.message
        }
        result.uses = zip(active, counts).map { WaiverResult.Use(waiver: $0, findings: $1) }
        if result.waived > 0 { BaselineMatcher.markAcceptedCells(&elements, findings: findings) }
        summary.failed = summary.errors > 0 || (strict && summary.warnings > 0) || !result.expired.isEmpty
        return result
    }
}
