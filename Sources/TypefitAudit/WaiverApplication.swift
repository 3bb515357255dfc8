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
    public var waived: Int { uses.reduce(0) { $0 + $1.findings } }
}

extension AuditReport {
    /// Applies waivers after the audit: each finding a waiver matches (same rule and element, and its
    /// spec, screen, locale and category range when given) is accepted (`Acceptance.waiver`, counted
    /// in `summary.waived`), does not fail the run, and says in its message that it is waived and why. Expired waivers accept
    /// nothing and make the run fail.
    /// - Parameter today: `yyyy-MM-dd` (UTC), compared with each waiver's `expires`.
    ///
    /// The findings are stored again with the waived ones changed (throws when the store's temporary
    /// file cannot be written), and the problems computed again from them.
    public mutating func apply(waivers: [Waiver], today: String, strict: Bool) throws -> WaiverResult {
        var result = WaiverResult()
        let active = waivers.filter { w in
            if w.isExpired(today: today) { result.expired.append(w); return false }
            return true
        }
        summary.shard?.include(waivers: active)
        var counts = Array(repeating: 0, count: active.count)
        let canonicalLocales = active.map { $0.locale.map(LocaleResolver.canonical) }
        if !active.isEmpty {
            var waivedBySeverity: [Severity: Int] = [:]
            let waived = try Self.rewriting(findingList) { _, f in
                guard !f.accepted else { return false }
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
                else { return false }
                counts[k] += 1
                let w = active[k]
                waivedBySeverity[f.severity, default: 0] += 1
                f.acceptance = .waiver
                f.message =
                    "waived (\(ProjectConfig.fileName):\(w.location.line): \(w.reason)\(w.expires.map { ", until \($0)" } ?? "")): "
                    + f.message
                return true
            }
            if let waived { findingList = waived }
            summary.errors -= waivedBySeverity[.error] ?? 0
            summary.warnings -= waivedBySeverity[.warning] ?? 0
            summary.infos -= waivedBySeverity[.info] ?? 0
            summary.waived += waivedBySeverity.values.reduce(0, +)
        }
        result.uses = zip(active, counts).map { WaiverResult.Use(waiver: $0, findings: $1) }
        if result.waived > 0, let marks = BaselineMatcher.AcceptedCells(findings: findingList) {
            if let marked = try Self.rewriting(elementList, { _, e in marks.mark(&e) }) { elementList = marked }
        }
        summary.failed = summary.errors > 0 || (strict && summary.warnings > 0) || !result.expired.isEmpty
        return result
    }

    /// The values of a list, each passed to `change` with its index; when it changes any (returns
    /// true), all of them stored again, changed, in a new store like the old one; nil when it changes
    /// none.
    private static func rewriting<Record>(
        _ list: RecordList<Record>, _ change: (Int, inout Record) -> Bool
    ) throws -> RecordList<Record>? {
        let store = list.store.emptyCopy()
        var batch: [Record] = []
        var changed = false
        for (i, value) in list.enumerated() {
            var v = value
            if change(i, &v) { changed = true }
            batch.append(v)
            if batch.count == 4096 {
                try store.append(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        guard changed else { return nil }
        try store.append(contentsOf: batch)
        return store.all
    }
}
