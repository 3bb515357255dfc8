import Foundation
import TypefitAudit
import TypefitCore

/// A whole screen state as inline SVG for the HTML report: the device's outline, the area outside
/// the safe area shaded, the keyboard and the bottom bar when the spec has them, every element's
/// frame (the content scrolled as the state shows it), the field being edited outlined and named,
/// and the failing element highlighted (a thick outline, a `✗` label and a hatched overflow:
/// beside the text for one that does not fit its width, below for height, the part under the
/// keyboard, outside the safe area, or the 44 × 44 pt minimum around a small touch target). Colour is
/// never the only signal: the label, the outline's weight and the hatching say it too, and the
/// figure's caption and its frames table are the text alternative (WCAG 1.1.1, 1.4.1).
enum ScreenPictureSVG {
    /// Drawn at 0.6 px per pt: a 393 pt wide iPhone is 236 px wide.
    static let scale = 0.6

    struct Overflow {
        var rect: Rect
        var label: String
    }

    /// Where the finding's element overflows, in the picture's coordinates.
    static func overflows(_ p: ScreenPicture, element: String, finding f: Finding) -> [Overflow] {
        guard let frame = p.frame(of: element) else { return [] }
        let n = f.numbers
        var out: [Overflow] = []
        switch f.rule {
        case .doesNotFit:
            // The parts of the content (or bar) outside the safe area, above the bar or off screen.
            let s = p.safeArea
            let inBar = p.elements.first { $0.element == element }?.inBottomBar ?? false
            let bottom = inBar ? s.maxY : min(s.maxY, p.bottomBar?.minY ?? .infinity)
            if frame.minY < s.minY - 0.01 {
                out.append(
                    .init(
                        rect: Rect(x: frame.x, y: frame.minY, width: frame.width, height: s.minY - frame.minY), label: "above the safe area"
                    ))
            }
            if frame.maxY > bottom + 0.01 && p.keyboard == nil {
                out.append(
                    .init(
                        rect: Rect(x: frame.x, y: bottom, width: frame.width, height: frame.maxY - bottom),
                        label: p.bottomBar != nil ? "under the bottom bar" : "below the safe area"))
            }
            if frame.maxX > p.width + 0.01 {
                out.append(
                    .init(rect: Rect(x: p.width, y: frame.y, width: frame.maxX - p.width, height: frame.height), label: "off screen"))
            }
            if frame.minX < -0.01 {
                out.append(.init(rect: Rect(x: frame.minX, y: frame.y, width: -frame.minX, height: frame.height), label: "off screen"))
            }
        case .hiddenByKeyboard:
            let visibleBottom = min(p.keyboard?.minY ?? .infinity, p.bottomBar?.minY ?? .infinity)
            if frame.maxY > visibleBottom + 0.01 {
                let top = max(frame.minY, visibleBottom)
                out.append(.init(rect: Rect(x: frame.x, y: top, width: frame.width, height: frame.maxY - top), label: "hidden"))
            }
            if frame.minY < p.safeArea.minY - 0.01 {
                out.append(
                    .init(
                        rect: Rect(x: frame.x, y: frame.minY, width: frame.width, height: p.safeArea.minY - frame.minY),
                        label: "above the safe area"))
            }
        case .touchTarget:
            let w = max(44, frame.width), h = max(44, frame.height)
            out.append(
                .init(
                    rect: Rect(x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - h) / 2, width: w, height: h),
                    label: "44 × 44 pt minimum"))
        case .truncated, .clipped, .wordSplit, .fallbackOverflow, .autoshrinkBelowMinimum:
            // Too short: below the element. Too narrow: beyond its trailing edge (the right in a
            // left-to-right locale, the left in a right-to-left one). A text cut both ways has both.
            var short = 0.0
            if let need = n.heightNeeded, let have = n.heightAvailable, need > have + 0.01 {
                short = need - have
                out.append(
                    .init(
                        rect: Rect(x: frame.x, y: frame.maxY, width: frame.width, height: min(short, p.height)),
                        label: "\(Page.num(short)) pt too short"))
            }
            if let over = n.overflow, over > 0.01, abs(over - short) > 0.01 {
                let w = min(over, p.width)
                let x = p.rightToLeft ? frame.minX - w : frame.maxX
                out.append(.init(rect: Rect(x: x, y: frame.y, width: w, height: frame.height), label: "\(Page.num(over)) pt over"))
            }
        default:
            break
        }
        return out
    }

    /// The figure: the SVG, a caption naming the state and the failing frame, and every frame in a table.
    static func figure(_ p: ScreenPicture, element: String, finding f: Finding, id: String) -> String {
        let overs = overflows(p, element: element, finding: f)
        // The drawing's bounds: the screen and every frame and overflow, within one screen's size around it.
        var minX = 0.0, minY = 0.0, maxX = p.width, maxY = p.height
        for r in p.elements.map(\.frame) + overs.map(\.rect) {
            minX = min(minX, max(r.minX, -p.width)); minY = min(minY, max(r.minY, -p.height))
            maxX = max(maxX, min(r.maxX, 2 * p.width)); maxY = max(maxY, min(r.maxY, 2 * p.height))
        }
        let pad = 12.0
        minX -= pad; minY -= pad; maxX += pad; maxY += pad
        let w = maxX - minX, h = maxY - minY
        let num = Page.num, esc = Page.esc
        func rect(_ r: Rect, _ attrs: String) -> String {
            "<rect x='\(num(r.x))' y='\(num(r.y))' width='\(num(max(0, r.width)))' height='\(num(max(0, r.height)))' \(attrs)/>"
        }
        func label(_ text: String, x: Double, y: Double, anchor: String = "start") -> String {
            "<text x='\(num(x))' y='\(num(y))' text-anchor='\(anchor)' class=lb>\(esc(text))</text>"
        }
        let state =
            [p.state.locale, p.state.category.name, p.state.device, p.state.orientation.rawValue].joined(separator: ", ")
            + (p.state.focused.map { ", editing \($0)" } ?? "")
        var svg =
            "<svg width='\(num(w * scale))' height='\(num(h * scale))' viewBox='\(num(minX)) \(num(minY)) \(num(w)) \(num(h))' role=img aria-labelledby='\(id)-t'>"
        svg += "<title id='\(id)-t'>\(esc("Whole screen, \(state): \(element) highlighted"))</title>"
        svg +=
            "<defs><pattern id='\(id)-h' width='8' height='8' patternUnits='userSpaceOnUse' patternTransform='rotate(45)'><rect width='8' height='8' fill='rgba(255,59,48,.18)'/><line x1='0' y1='0' x2='0' y2='8' stroke='#d70015' stroke-width='3'/></pattern></defs>"
        // The device: its outline and screen, the areas outside the safe area shaded.
        let radius = min(p.width, p.height) * 0.12
        let outline = "x='0' y='0' width='\(num(p.width))' height='\(num(p.height))' rx='\(num(radius))'"
        svg += "<clipPath id='\(id)-c'><rect \(outline)/></clipPath>"
        svg += "<rect \(outline) fill='#fff'/>"
        let s = p.safeArea
        svg += "<g fill='#e5e5ea' clip-path='url(#\(id)-c)'>"
        if s.minY > 0 { svg += rect(Rect(x: 0, y: 0, width: p.width, height: s.minY), "") }
        if s.maxY < p.height { svg += rect(Rect(x: 0, y: s.maxY, width: p.width, height: p.height - s.maxY), "") }
        if s.minX > 0 { svg += rect(Rect(x: 0, y: s.minY, width: s.minX, height: s.height), "") }
        if s.maxX < p.width { svg += rect(Rect(x: s.maxX, y: s.minY, width: p.width - s.maxX, height: s.height), "") }
        svg += "</g>"
        svg += "<rect \(outline) fill='none' stroke='#1d1d1f' stroke-width='6'/>"
        svg += rect(s, "fill='none' stroke='#0062cc' stroke-dasharray='6 4' stroke-width='1.5'")
        // Every element's frame: stacks dashed, text and controls filled.
        svg += "<g fill='none' stroke='#6e6e73' stroke-width='1.2'>"
        for b in p.elements where b.element != element {
            switch b.kind {
            case .vstack, .hstack: svg += rect(b.frame, "stroke-dasharray='3 3'")
            case .spacer: continue
            default:
                // A corner radius as the layer draws it: at most half the shorter side (a capsule).
                let radius = b.cornerRadius.map { min($0, b.frame.width / 2, b.frame.height / 2) } ?? 0
                svg += rect(b.frame, radius > 0 ? "fill='#f2f2f7' rx='\(num(radius))'" : "fill='#f2f2f7'")
            }
        }
        svg += "</g>"
        if let bar = p.bottomBar {
            svg += rect(bar, "fill='none' stroke='#5856d6' stroke-width='2' stroke-dasharray='8 3'")
            svg += label("bottom bar", x: bar.x + 4, y: bar.y - 4)
        }
        if let k = p.keyboard {
            svg += rect(k, "fill='#c7c9d0' fill-opacity='.85' stroke='#6e6e73' clip-path='url(#\(id)-c)'")
            svg += label("keyboard", x: k.x + k.width / 2, y: k.y + min(k.height / 2, 40), anchor: "middle")
        }
        // The field being edited, outlined and named (unless it is the failing element itself).
        if let field = p.state.focused, field != element, let frame = p.frame(of: field) {
            svg += rect(frame, "fill='none' stroke='#0062cc' stroke-width='2.5'")
            svg += label("editing \(field)", x: frame.x, y: frame.minY - 4)
        }
        // The failing element on top: a thick outline, its overflow hatched, a ✗ label.
        if let frame = p.frame(of: element) {
            for o in overs {
                svg += rect(o.rect, "fill='url(#\(id)-h)' stroke='#d70015' stroke-width='1.5' stroke-dasharray='4 2'")
            }
            svg += rect(frame, "fill='rgba(255,59,48,.12)' stroke='#d70015' stroke-width='4'")
            let above = frame.minY - 6 > minY + 18
            svg += label("✗ \(element)", x: frame.x, y: above ? frame.minY - 6 : frame.maxY + 20)
        }
        svg += "</svg>"
        // Text alternative: the state and the failing frame in words, every frame in a table.
        var facts = ["\(num(p.width)) × \(num(p.height)) pt screen", "safe area y \(num(s.minY))–\(num(s.maxY)) pt"]
        if s.minX > 0 || s.maxX < p.width { facts.append("x \(num(s.minX))–\(num(s.maxX)) pt") }
        if let k = p.keyboard { facts.append("keyboard from y \(num(k.minY)) pt") }
        if let bar = p.bottomBar { facts.append("bottom bar y \(num(bar.minY))–\(num(bar.maxY)) pt") }
        if let scrolled = p.scrolled, let field = p.state.focused {
            facts.append("content scrolled up \(num(scrolled)) pt to show \(esc(field))")
        }
        if p.rightToLeft { facts.append("mirrored for a right-to-left locale") }
        var failing = ""
        if let fr = p.frame(of: element) {
            failing = "✗ <b>\(esc(element))</b> at x \(num(fr.x)), y \(num(fr.y)) pt, \(num(fr.width)) × \(num(fr.height)) pt"
            if !overs.isEmpty {
                failing +=
                    " — hatched: "
                    + overs.map {
                        "\(esc($0.label)) (x \(num($0.rect.x)), y \(num($0.rect.y)), \(num($0.rect.width)) × \(num($0.rect.height)) pt)"
                    }.joined(
                        separator: "; ")
            }
        }
        var table =
            "<details><summary>Frames of the \(p.elements.count) elements (pt)</summary><div class=scroll tabindex=0 role=region aria-label='frames, \(esc(state))'><table class=frames><tr><th scope=col>element</th><th scope=col>kind</th><th scope=col>x</th><th scope=col>y</th><th scope=col>width</th><th scope=col>height</th></tr>"
        for b in p.elements {
            let mark = b.element == element ? "✗ " : ""
            table +=
                "<tr><th scope=row>\(mark)\(String(repeating: "· ", count: b.depth))\(esc(b.element))</th><td>\(b.inBottomBar ? "bar " : "")\(b.kind.rawValue)</td><td>\(num(b.frame.x))</td><td>\(num(b.frame.y))</td><td>\(num(b.frame.width))</td><td>\(num(b.frame.height))</td></tr>"
        }
        table += "</table></div></details>"
        let caption =
            "<b>Whole screen</b> · <span lang='\(esc(p.state.locale))'>\(esc(p.state.locale))</span> · \(esc(p.state.category.name)) · \(esc(p.state.device)) \(esc(p.state.orientation.rawValue))\(p.state.focused.map { " · editing \(esc($0))" } ?? "")<br>\(facts.joined(separator: " · "))<br>\(failing)"
        return "<figure class=screen id=\(id)>\(svg)<figcaption>\(caption)\(table)</figcaption></figure>"
    }
}
