import Foundation
import TypefitCore

/// A run's element summaries (``RecordStore``), in report order.
public typealias ElementSummaryList = RecordList<AuditReport.ElementSummary>

extension RecordStore where Record == AuditReport.ElementSummary {
    /// Spill to a file beyond 100,000 summaries (about 17 MB of them in memory; the shipped specs have
    /// 2,508, 500 copies of the signup screen 504,000).
    public static var defaultMemoryLimit: Int { 100_000 }

    /// - Parameters:
    ///   - memoryLimit: summaries kept in memory before they all go to a file (`Int.max`: never).
    ///   - directory: where the file is made (the system's temporary folder, `TMPDIR`).
    public convenience init(memoryLimit: Int = RecordStore.defaultMemoryLimit, directory: String = NSTemporaryDirectory()) {
        self.init(codec: AuditReport.ElementSummary.recordCodec, memoryLimit: memoryLimit, directory: directory)
    }
}

extension RecordList where Record == AuditReport.ElementSummary {
    /// The summaries of an array, in a store of their own (in memory).
    public init(_ summaries: [AuditReport.ElementSummary]) {
        let store = RecordStore<AuditReport.ElementSummary>(memoryLimit: .max)
        // Cannot fail: nothing is written to a file.
        try? store.append(contentsOf: summaries)
        self.init(store: store, ranges: [0..<summaries.count])
    }
}

/// An element summary as a record: every field, read back equal (`==`) to the summary written.
extension AuditReport.ElementSummary {
    static let recordCodec = RecordCodec<Self>(
        name: "element summaries",
        encode: { e, out, strings in RecordBytes.append(to: &out, strings: strings) { e.writeRecord(to: &$0) } },
        makeDecoder: {
            { r in
                guard var body = r.record() else { return nil }
                return Self(record: &body)
            }
        },
        unreadable: Self(
            spec: "", screen: "", element: "the summary could not be read back from its temporary file", locale: "",
            firstFailingCategory: nil, largestFittingCategory: nil, categories: [], buttonHeights: nil, fallbackFrom: nil))

    private static func byte(_ c: ContentSizeCategory?) -> UInt8 { c.map { UInt8($0.rawValue + 1) } ?? 0 }

    private static func category(_ b: UInt8?) -> ContentSizeCategory?? {
        guard let b else { return nil }
        if b == 0 { return .some(nil) }
        return ContentSizeCategory(rawValue: Int(b) - 1).map { .some($0) }
    }

    fileprivate func writeRecord(to w: inout RecordBytes.Writer) {
        w.string(spec)
        w.string(screen)
        w.string(element)
        w.string(locale)
        w.byte(Self.byte(firstFailingCategory))
        w.byte(Self.byte(largestFittingCategory))
        w.byte(Self.byte(fallbackFrom))
        w.unsigned(UInt64(categories.count))
        for c in categories { w.byte(UInt8(CategoryVerdict.allCases.firstIndex(of: c)!)) }
        if let heights = buttonHeights {
            w.byte(1)
            w.unsigned(UInt64(heights.count))
            for h in heights { w.double(h) }
        } else {
            w.byte(0)
        }
    }

    fileprivate init?(record r: inout RecordBytes.Reader) {
        guard let spec = r.string(), let screen = r.string(), let element = r.string(), let locale = r.string(),
            case let first? = Self.category(r.byte()), case let fitting? = Self.category(r.byte()),
            case let fallback? = Self.category(r.byte()), let count = r.unsigned(), count <= 64
        else { return nil }
        var categories: [CategoryVerdict] = []
        categories.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let b = r.byte().map(Int.init), b < CategoryVerdict.allCases.count else { return nil }
            categories.append(CategoryVerdict.allCases[b])
        }
        var heights: [Double]?
        switch r.byte() {
        case 0?: heights = nil
        case 1?:
            guard let n = r.unsigned(), n <= 64 else { return nil }
            var list: [Double] = []
            for _ in 0..<n {
                guard let h = r.double() else { return nil }
                list.append(h)
            }
            heights = list
        default: return nil
        }
        self.init(
            spec: spec, screen: screen, element: element, locale: locale, firstFailingCategory: first, largestFittingCategory: fitting,
            categories: categories, buttonHeights: heights, fallbackFrom: fallback)
    }
}
