import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// Stack layout (UIStackView): `ScreenLayouter.layout` hands a vstack or hstack node here.
extension ScreenLayouter {
    /// A vertical UIStackView: children at the stack's width (less margins), stacked with spacing;
    /// alignment and distribution as UIKit documents them (docs/spec-format.md §12).
    func layoutVStack(
        _ node: LayoutNode, width: Double, clamp: (ContentSizeCategory?, ContentSizeCategory?), targetHeight: Double?,
        finalHeight: (Double) -> (Double, Bool)
    ) throws {
        let e = node.element
        let m = e.layoutMargins
        let inner = max(0, width - m.horizontal)
        let alignment = e.alignment ?? .fill
        let nodes = node.children
        var heights = 0.0
        var flexibleCount = 0
        for child in nodes {
            let c = child.element
            var w: Double
            switch c.width {
            case .points(let p)?: w = p
            case .fit?: w = try intrinsicWidth(child, limit: inner, clamp: clamp)
            case .fill?: w = inner
            case nil:
                w =
                    alignment == .fill || c.kind == .divider || c.kind == .textField || c.isStack
                    ? inner : try intrinsicWidth(child, limit: inner, clamp: clamp)
            }
            try layout(child, width: w, clamp: clamp)
            let x: Double
            switch alignment {
            case .center: x = m.leading + (inner - w) / 2
            case .trailing: x = m.leading + inner - w
            case .fill, .leading: x = m.leading
            case .top, .bottom, .firstBaseline, .lastBaseline:
                preconditionFailure("a vstack's alignment is checked when the spec loads")
            }
            child.offset(dx: x, dy: 0)
            heights += child.frame.height
            if c.kind == .spacer && c.height == nil { flexibleCount += 1 }
        }
        let gaps = Double(max(0, nodes.count - 1))
        let content = heights + e.spacing * gaps + m.vertical
        var extra = max(0, (targetHeight ?? content) - content)
        var spacing = e.spacing
        switch e.distribution ?? .fill {
        case .equalSpacing:
            // UIKit: the views keep their natural heights, the extra space goes equally to the gaps.
            if gaps > 0 { spacing += extra / gaps; extra = 0 }
        case .fillEqually, .fillProportionally, .equalCentering:
            preconditionFailure("unsupported vstack distributions are refused when the spec loads")
        case .fill:
            if flexibleCount > 0 {
                for f in nodes where f.element.kind == .spacer && f.element.height == nil {
                    f.frame.height += extra / Double(flexibleCount)
                }
                extra = 0
            }
        }
        var y = m.top
        for n in nodes {
            n.offset(dx: 0, dy: y)
            y += n.frame.height + spacing
        }
        let height = max(content, targetHeight ?? 0)
        let (h, clipped) = finalHeight(height)
        node.set(width: width, height: h, neededHeight: height, heightClipped: clipped)
    }

    /// A horizontal UIStackView: children at their fit widths, squeezed by compression resistance when
    /// they do not fit; alignment and distribution as UIKit documents them (docs/spec-format.md §12).
    func layoutHStack(
        _ node: LayoutNode, width: Double, clamp: (ContentSizeCategory?, ContentSizeCategory?),
        finalHeight: (Double) -> (Double, Bool)
    ) throws {
        let e = node.element
        let m = e.layoutMargins
        let inner = max(0, width - m.horizontal)
        let n = e.children.count
        let available = max(0, inner - e.spacing * Double(max(0, n - 1)))
        var widths: [Double]
        let distribution = e.distribution ?? .fill
        precondition(distribution.isSupported(in: .hstack), "unsupported hstack distributions are refused when the spec loads")
        var spacing = e.spacing
        if distribution == .fillEqually {
            widths = Array(repeating: available / Double(max(n, 1)), count: n)
        } else {
            widths = try node.children.map { try intrinsicWidth($0, limit: available, clamp: clamp) }
            let total = widths.reduce(0, +)
            if total > available + LineBreaker.epsilon {
                // Lowest compression resistance gives way first; fixed widths last.
                var deficit = total - available
                let priorities = Set(e.children.map(\.compressionResistance)).sorted()
                for p in priorities where deficit > 0 {
                    let group = e.children.indices.filter {
                        e.children[$0].compressionResistance == p && !Self.isFixedWidth(e.children[$0])
                    }
                    let groupWidth = group.reduce(0) { $0 + widths[$1] }
                    guard groupWidth > 0 else { continue }
                    let take = min(deficit, groupWidth)
                    for i in group { widths[i] -= take * widths[i] / groupWidth }
                    deficit -= take
                }
            } else {
                let spare = available - total
                let flexible = e.children.indices.filter { e.children[$0].kind == .spacer && e.children[$0].width == nil }
                if distribution == .equalSpacing {
                    // UIKit: views at their natural widths, the spare width added equally to the gaps.
                    if n > 1 { spacing += spare / Double(n - 1) }
                } else if !flexible.isEmpty {
                    for i in flexible { widths[i] += spare / Double(flexible.count) }
                } else if let last = e.children.indices.last, !Self.isFixedWidth(e.children[last]) {
                    widths[last] += spare
                }
            }
        }
        let nodes = node.children
        var x = m.leading
        for (i, child) in nodes.enumerated() {
            try layout(child, width: widths[i], clamp: clamp)
            child.offset(dx: x, dy: m.top)
            x += widths[i] + spacing
        }
        let content = (nodes.map(\.frame.height).max() ?? 0) + m.vertical
        let row = content - m.vertical
        for child in nodes {
            switch e.alignment ?? .fill {
            case .fill:
                // UIKit stretches each view to the row's height (a short button grows with its row);
                // a view with its own fixed or maximum height keeps it (that constraint wins here).
                let pinned: Bool = {
                    if case .points? = child.element.height { return true }; return child.element.maxHeight != nil
                }()
                if child.frame.height < row && !pinned { child.frame.height = row }
            case .top: break
            case .center: child.offset(dx: 0, dy: (row - child.frame.height) * 0.5)
            case .bottom: child.offset(dx: 0, dy: row - child.frame.height)
            case .leading, .trailing, .firstBaseline, .lastBaseline:
                preconditionFailure("an hstack's alignment is checked when the spec loads")
            }
        }
        let (h, clipped) = finalHeight(content)
        node.set(width: width, height: h, neededHeight: content, heightClipped: clipped)
    }
}
