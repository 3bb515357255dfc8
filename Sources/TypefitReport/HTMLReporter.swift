import Foundation
import TypefitAudit
import TypefitCore
import TypefitShaping

/// One self-contained HTML file (no network, no external assets): a summary, then per screen and
/// locale a matrix of element × category coloured by the worst result, and for every failing cell a
/// rendered preview — the element's box at its real size with the text drawn from the fonts' real
/// glyph outlines (FreeType → SVG paths), the ellipsis, the overflow region and fallback fonts marked.
/// Previews come from the layout results of the audit itself (`Finding.previewSource`).
public struct HTMLReporter: Reporter {
    public static let identifier = "html"
    public static let description = "Self-contained HTML: category × locale matrices and rendered previews of every failing text."

    public init() {}

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        var page = Page(report: report)
        return page.render()
    }
}

// MARK: - Private

private let categoryNames = ContentSizeCategory.allCases.map(\.name)

private struct Page {
    let report: AuditReport
    var glyphIDs: [String: Int] = [:]
    var glyphDefs: [(String, FontFace, UInt32)] = []
    let outliner = GlyphOutliner()

    init(report: AuditReport) { self.report = report }

    static func esc(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if ch.value < 0x20 && ch != "\n" && ch != "\t" { out += " " } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }

    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    static func anchor(_ parts: String...) -> String {
        var h = StableHasher()
        h.feed(parts.joined(separator: "|"), separator: false)
        return "p" + String(h.a, radix: 36)
    }

    mutating func glyphRef(_ font: FontFace, _ glyph: UInt32) -> Int? {
        let key = "\(font.path)#\(font.faceIndex)#\(glyph)"
        if let id = glyphIDs[key] { return id }
        if outliner.path(font, glyph: glyph).isEmpty { return nil }
        let id = glyphDefs.count
        glyphIDs[key] = id
        glyphDefs.append((key, font, glyph))
        return id
    }

    /// The worst text finding with a preview for each cell (spec, screen, element, locale, category).
    func cells() -> [String: Finding] {
        var best: [String: Finding] = [:]
        for f in report.findings where f.previewSource != nil {
            let key = [f.spec, FindingGroup.baseScreen(f.screen), f.element, f.locale, f.category].joined(separator: "|")
            if let old = best[key] {
                // A finding the baseline does not accept before one it does.
                let a = (f.accepted ? 0 : 1, f.severity, f.numbers.overflow ?? 0), b = (old.accepted ? 0 : 1, old.severity, old.numbers.overflow ?? 0)
                if a > b || (a == b && f.fingerprint < old.fingerprint) { best[key] = f }
            } else {
                best[key] = f
            }
        }
        return best
    }

    mutating func render() -> String {
        let s = report.summary
        var body: [String] = []
        body.append("<h1>typefit report</h1>")
        body.append("<p class=meta>typefit \(Self.esc(report.tool.version)) · HarfBuzz \(Self.esc(report.tool.harfbuzz)) · FreeType \(Self.esc(report.tool.freetype)) · ICU \(Self.esc(report.tool.icu)) · fonts: \(report.fonts.map { Self.esc($0.file) }.joined(separator: ", "))</p>")
        if let locales = LocaleSummary.line(report) { body.append("<p class=meta>\(Self.esc(locales))</p>") }
        body.append("<table class=summary><tr><th>spec files</th><th>screen states</th><th>element checks</th><th>errors</th><th>warnings</th><th>info</th><th>baselined</th><th>result</th></tr>")
        body.append("<tr><td>\(s.specs)</td><td>\(s.screens)</td><td>\(s.checks)</td><td class=err>\(s.errors)</td><td class=warn>\(s.warnings)</td><td>\(s.infos)</td><td>\(s.baselined)</td><td>\(s.failed ? "<b class=err>fails</b>" : "<b class=ok>passes</b>")</td></tr></table>")
        if s.borderline > 0 { body.append("<p class=meta><b>\(Self.esc(BorderlineSummary.line(s.borderline)))</b></p>") }
        let accepted = AuditReport.ElementSummary.acceptedCell
        let anyAccepted = report.elements.contains { $0.categories.contains(accepted) }
        body.append("<p class=legend><span class='c error'></span> error <span class='c warning'></span> warning \(anyAccepted ? "<span class='c accepted'></span> accepted by the baseline " : "")<span class='c ok'></span> fits <span class='c none'></span> not audited · <b>F</b> fallback string shown · previews: <span class=box>element</span> <span class=area>text area</span> <span class=over>overflow</span> <span class=fbk>fallback font</span> <span class=ell>ellipsis</span>. Numbers are the JSON report's.</p>")
        let cells = cells()
        let bySpec = Dictionary(grouping: report.elements, by: \.spec)
        for spec in bySpec.keys.sorted() {
            let byScreen = Dictionary(grouping: bySpec[spec]!, by: \.screen)
            for screen in byScreen.keys.sorted() {
                body.append("<section><h2>\(Self.esc(screen))</h2><p class=file>\(Self.esc(spec))</p>")
                let summaries = byScreen[screen]!
                let byLocale = Dictionary(grouping: summaries, by: \.locale)
                var first = true
                for locale in byLocale.keys.sorted() {
                    let rows = byLocale[locale]!.sorted { $0.element < $1.element }
                    let failing = rows.reduce(0) { $0 + $1.categories.filter { $0 == "error" || $0 == "warning" }.count }
                    let rtl = ["ar", "he", "fa", "ur", "pseudo-rtl"].contains(locale.split(separator: "-").first.map(String.init) ?? locale)
                    body.append("<details\(first && failing > 0 ? " open" : "")><summary><b>\(Self.esc(locale))</b> — \(failing) failing cell\(failing == 1 ? "" : "s")</summary>")
                    if failing > 0 { first = false }
                    body.append("<table class=matrix><tr><th>element</th>" + categoryNames.map { "<th>\($0)</th>" }.joined() + "</tr>")
                    for row in rows {
                        var tds = ""
                        for (i, cell) in row.categories.enumerated() {
                            let cls = cell == "-" ? "none" : cell
                            let fallback = row.fallbackFrom.flatMap { ContentSizeCategory(name: $0) }.map { i >= $0.rawValue } ?? false
                            let key = [spec, screen, row.element, locale, categoryNames[i]].joined(separator: "|")
                            let mark = fallback ? "F" : ""
                            if cells[key] != nil && (cls == "error" || cls == "warning" || cls == accepted || fallback) {
                                tds += "<td class='c \(cls)'><a href='#\(Self.anchor(key))'>\(mark.isEmpty ? "●" : mark)</a></td>"
                            } else {
                                tds += "<td class='c \(cls)'>\(mark)</td>"
                            }
                        }
                        body.append("<tr><th>\(Self.esc(row.element))</th>\(tds)</tr>")
                    }
                    body.append("</table><div class=previews\(rtl ? " dir=rtl" : "")>")
                    for row in rows {
                        for (i, cell) in row.categories.enumerated() {
                            let key = [spec, screen, row.element, locale, categoryNames[i]].joined(separator: "|")
                            let fallback = row.fallbackFrom.flatMap { ContentSizeCategory(name: $0) }.map { i >= $0.rawValue } ?? false
                            guard let f = cells[key], cell == "error" || cell == "warning" || cell == accepted || fallback else { continue }
                            body.append(figure(f, id: Self.anchor(key)))
                        }
                    }
                    body.append("</div></details>")
                }
                body.append("</section>")
            }
        }
        var defs = "<svg class=defs width=0 height=0 aria-hidden=true><defs>"
        for (id, def) in glyphDefs.enumerated() { defs += "<path id=g\(id) d='\(outliner.path(def.1, glyph: def.2))'/>" }
        defs += "</defs></svg>"
        return """
        <!doctype html>
        <html lang=en><head><meta charset=utf-8><meta name=generator content="typefit \(Self.esc(report.tool.version))">
        <title>typefit report</title>
        <style>
        body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;max-width:1240px;color:#1d1d1f}
        h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 0}.meta,.file{color:#666;margin:2px 0 10px}
        table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;text-align:center}
        table.matrix th:first-child{text-align:left;font-weight:600}.summary td{font-size:16px}
        .c{width:42px}.c.error{background:#ffd7d5}.c.warning{background:#fff1c2}.c.ok{background:#dcf5df}.c.none{background:#f3f3f3}\(anyAccepted ? ".c.accepted{background:#e4e4f0}" : "")
        .legend .c{display:inline-block;width:12px;height:12px;border:1px solid #bbb;vertical-align:middle}
        .err{color:#c62828}.warn{color:#9a6700}.ok{color:#1b7f3b}
        details{margin:6px 0}summary{cursor:pointer}
        .previews{display:flex;flex-wrap:wrap;gap:12px;margin:10px 0}
        figure{margin:0;border:1px solid #e3e3e3;border-radius:6px;padding:8px;max-width:100%;overflow-x:auto;direction:ltr}
        figcaption{font-size:12px;color:#333;max-width:560px}figcaption b{font-size:13px}
        svg.defs{position:absolute}
        .box{outline:1.5px solid #8e8e93;padding:0 3px}.area{outline:1px dashed #007aff;padding:0 3px}
        .over{background:rgba(255,59,48,.25);padding:0 3px}.fbk{color:#0a84ff}.ell{color:#d70015}
        svg .gl{fill:#1d1d1f}svg .gl.fbk{fill:#0a84ff}svg .gl.ell{fill:#d70015}
        </style></head><body>
        \(defs)
        \(body.joined(separator: "\n"))
        </body></html>

        """
    }

    mutating func figure(_ f: Finding, id: String) -> String {
        guard let source = f.previewSource else { return "" }
        let p = source.preview()
        let pad = 6.0
        let overWidth = max(0, p.neededWidth - p.textWidth)
        let drawnOver = min(overWidth, max(p.textWidth, 120))
        let width = max(p.elementWidth, p.textX + p.textWidth + drawnOver) + 2 * pad
        // Vertical overflow only where the finding is about height (a fixed or maximum height).
        let heightOver: Double = {
            guard let needed = f.numbers.heightNeeded, let available = f.numbers.heightAvailable, needed > available + 0.01 else { return 0 }
            return needed - available
        }()
        let height = max(p.elementHeight + heightOver, p.textY + p.textHeight) + 2 * pad
        var svg = "<svg width='\(Self.num(width))' height='\(Self.num(height))' viewBox='\(Self.num(-pad)) \(Self.num(-pad)) \(Self.num(width)) \(Self.num(height))' role=img aria-label='\(Self.esc(f.numbers.shown ?? ""))'>"
        svg += "<rect x='0' y='0' width='\(Self.num(p.elementWidth))' height='\(Self.num(p.elementHeight))' fill='#fafafa' stroke='#8e8e93' stroke-width='1.5' rx='4'/>"
        svg += "<rect x='\(Self.num(p.textX))' y='\(Self.num(p.textY))' width='\(Self.num(p.textWidth))' height='\(Self.num(p.textHeight))' fill='none' stroke='#007aff' stroke-dasharray='4 3'/>"
        if overWidth > 0.01 {
            svg += "<rect x='\(Self.num(p.textX + p.textWidth))' y='\(Self.num(p.textY))' width='\(Self.num(drawnOver))' height='\(Self.num(p.lineHeight))' fill='rgba(255,59,48,.25)'/>"
        }
        if heightOver > 0 {
            svg += "<rect x='0' y='\(Self.num(p.elementHeight))' width='\(Self.num(p.elementWidth))' height='\(Self.num(heightOver))' fill='rgba(255,59,48,.25)'/>"
        }
        svg += "<g transform='translate(\(Self.num(p.textX)) \(Self.num(p.textY)))'>"
        for line in p.lines {
            for g in line.glyphs {
                guard let ref = glyphRef(g.font, g.glyph) else { continue }
                let s = g.size / g.font.unitsPerEm
                let cls = g.isEllipsis ? "gl ell" : (g.isFallback ? "gl fbk" : "gl")
                svg += "<use href='#g\(ref)' class='\(cls)' transform='translate(\(Self.num(g.x)) \(Self.num(line.baseline + g.y))) scale(\(String(format: "%.6f", s)) \(String(format: "%.6f", -s)))'/>"
            }
        }
        svg += "</g></svg>"
        let n = f.numbers
        var facts: [String] = []
        if let w = n.widthNeeded, let a = n.widthAvailable { facts.append("width needed \(Self.num(w)) pt, available \(Self.num(a)) pt") }
        if let l = n.linesNeeded, let a = n.linesAllowed { facts.append("lines needed \(l), allowed \(a == 0 ? "unlimited" : String(a))") }
        if let h = n.heightNeeded, let a = n.heightAvailable { facts.append("height needed \(Self.num(h)) pt, available \(Self.num(a)) pt") }
        if let o = n.overflow, o > 0 { facts.append("overflow \(Self.num(o)) pt") }
        if let size = n.fontSize { facts.append("\(Self.num(size)) pt") }
        if let fonts = n.fonts { facts.append("fonts: " + fonts.joined(separator: ", ")) }
        let caption = "<b>\(Self.esc(f.element))</b> · \(Self.esc(f.category)) · \(Self.esc(f.locale)) · \(Self.esc(f.device)) \(Self.esc(f.orientation)) · <span class=\(f.severity == .error ? "err" : (f.severity == .warning ? "warn" : "ok"))>\(Self.esc(f.rule.rawValue))</span>\(f.accepted ? " · accepted by the baseline" : "")<br>\(Self.esc(f.message))<br>\(Self.esc(facts.joined(separator: " · ")))"
        return "<figure id=\(id)>\(svg)<figcaption>\(caption)</figcaption></figure>"
    }
}
