import TypefitAudit
import TypefitCore

/// The text sizes each spec was laid out at, when a run left some out (`--categories`,
/// `.typefit.yml`'s `categories`, or the spec's own `categories:`), so that "from Large" is never
/// read as "not below Large" when xSmall … Medium were not audited: a problem whose first category
/// has an unaudited size below it says which sizes were audited.
///
/// Read from the element summaries (their `notAudited` cells), which a JSON report keeps and a
/// merge of shards joins, so a report read back says the same as the run that wrote it.
struct AuditedSizes: Sendable {
    /// Per spec path, the sizes audited, xSmall … AX5 order, for specs not audited at all 12.
    private var bySpec: [String: [ContentSizeCategory]] = [:]
    /// The sizes the run's selection kept, for a spec with no element summary (nothing shows text).
    private let selected: [ContentSizeCategory]

    init(_ report: AuditReport) {
        let leftOut = Set(report.leftOut?.categories ?? [])
        selected = ContentSizeCategory.allCases.filter { !leftOut.contains($0) }
        // One bit per size (`CategorySet`): a `Set` hashed each size of each element summary (about
        // 400,000 hashed inserts for the text report of the benchmark's corpus).
        var audited: [String: CategorySet] = [:]
        for s in report.elementList { Self.insertAudited(s, into: &audited[s.spec, default: CategorySet()]) }
        for (spec, sizes) in audited where sizes.count < ContentSizeCategory.allCases.count {
            bySpec[spec] = sizes.sorted
        }
    }

    /// The sizes some of `summaries` was laid out at (its cells that are not `notAudited`).
    static func audited(_ summaries: [AuditReport.ElementSummary]) -> [ContentSizeCategory] {
        var sizes = CategorySet()
        for s in summaries { insertAudited(s, into: &sizes) }
        return sizes.sorted
    }

    private static func insertAudited(_ s: AuditReport.ElementSummary, into sizes: inout CategorySet) {
        for c in ContentSizeCategory.allCases where c.rawValue < s.categories.count && s.categories[c.rawValue] != .notAudited {
            sizes.insert(c)
        }
    }

    /// Whether some size below `from` is not among `audited`: then "from" says nothing of them.
    static func leavesOut(below from: ContentSizeCategory, audited: [ContentSizeCategory]) -> Bool {
        ContentSizeCategory.allCases.contains { $0 < from && !audited.contains($0) }
    }

    /// The sizes `spec` was audited at.
    func sizes(spec: String) -> [ContentSizeCategory] { bySpec[spec] ?? selected }

    /// `note(spec:from:)` for the largest first category a report names for `problem` ("from
    /// Medium: hu; from Large: ar"); nil for a problem with no finding at a size (a fixed font's
    /// "from AX1" is about the spec, whatever sizes were audited).
    func note(for problem: Problem) -> String? {
        guard !problem.describedCategories.isEmpty else { return nil }
        return note(spec: problem.spec, from: problem.describedFirstCategories.last?.category)
    }

    /// "of the sizes audited: Large, AX5" when some size below `from` (the first category a report
    /// names for a problem of `spec`) was not audited; nil when every size below it was.
    func note(spec: String, from: ContentSizeCategory?) -> String? {
        guard let from else { return nil }
        let audited = sizes(spec: spec)
        guard Self.leavesOut(below: from, audited: audited) else { return nil }
        return "of the sizes audited: " + audited.map(\.name).joined(separator: ", ")
    }
}
