import Foundation
import TypefitAudit
import TypefitCore
import TypefitShaping

/// One self-contained HTML file (no network, no external assets): a summary, then per screen and
/// locale a matrix of element × category coloured by the worst result, and for every failing cell a
/// rendered preview — the element's box at its real size with the text drawn from the fonts' real
/// glyph outlines (FreeType → SVG paths), the ellipsis, the overflow region and fallback fonts marked.
/// Previews and pictures come from the audit's own layout, done again for the states they show
/// (`ScreenPictureSource.preview(of:)`, `picture(of:)`).
public struct HTMLReporter: Reporter {
    public static let identifier = "html"
    public static let description = "Self-contained HTML: category × locale matrices and rendered previews of every failing text."

    /// The working folder the report's relative spec and strings paths are relative to, and the
    /// folder the report is written to (relative to it, or absolute): links from the report to a
    /// spec line or a strings file are relative to where the report is. Nil: both the same folder.
    public let baseDirectory: String?
    public let reportDirectory: String?

    public init(baseDirectory: String? = nil, reportDirectory: String? = nil) {
        self.baseDirectory = baseDirectory
        self.reportDirectory = reportDirectory
    }

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        var page = Page(report: report, links: LinkBase(baseDirectory: baseDirectory, reportDirectory: reportDirectory))
        return page.render()
    }
}

// MARK: - Private

private let categoryNames = ContentSizeCategory.allCases.map(\.name)

/// One row of a screen's element × category matrix in one locale.
struct MatrixRow: Hashable {
    var spec: String
    var screen: String
    var element: String
    var locale: String
}

/// How a matrix cell shows a verdict: its class, its symbol (with `F` when a fallback string
/// shows) and, for a cell without a link, its whole `<td>`, made once for each of the ten.
struct MatrixCell {
    let cls: String
    let mark: String
    let td: String

    static func of(_ verdict: CategoryVerdict, fallback: Bool) -> MatrixCell {
        // The verdict's pair in `all`.
        let pair: Int
        switch verdict {
        case .error: pair = 0
        case .warning: pair = 1
        case .accepted: pair = 2
        case .ok: pair = 3
        case .notAudited: pair = 4
        }
        return all[2 * pair + (fallback ? 1 : 0)]
    }

    /// Error, warning, accepted, fits, not audited: each without and with a fallback string.
    private static let all: [MatrixCell] = [("e", "✗"), ("w", "!"), ("a", "~"), ("k", "✓"), ("n", "–")].flatMap { cls, symbol in
        [symbol, symbol + "F"].map { MatrixCell(cls: cls, mark: $0, td: "<td class=\(cls)>\($0)</td>") }
    }
}

struct Page {
    let report: AuditReport
    let links: LinkBase
    /// Each drawn glyph's number in the page's `<defs>`, by font file, face and glyph id, and the
    /// glyphs in that order. Fonts are numbered by file and face (`fontNumbers`), found by the face's
    /// process-unique id first (`faceNumbers`).
    var glyphIDs: [GlyphKey: Int] = [:]
    var glyphDefs: [(font: FontFace, glyph: UInt32)] = []
    var fontNumbers: [FontFile: Int] = [:]
    var faceNumbers: [Int: Int] = [:]
    let outliner = GlyphOutliner()
    /// Links to the files problems name, by path (`LinkBase.href`): a report links to few files
    /// from many problems.
    var fileLinks: [String: String] = [:]
    /// The requested locales the strings' development language stood for: listed first.
    let sourceLocales: Set<String>
    /// The locales audited, each once (a locale resolved differently by two specs has two entries in
    /// `report.locales`; one a default run left out is not audited).
    let auditedLocales: [String]
    /// The sizes each spec was audited at, when some were left out.
    let sizes: AuditedSizes

    init(report: AuditReport, links: LinkBase = LinkBase(baseDirectory: nil, reportDirectory: nil)) {
        self.report = report
        self.links = links
        sourceLocales = Set(
            report.locales.filter { $0.isAudited && report.sourceLanguages.contains($0.localization) }.map(\.requested))
        auditedLocales = Set(report.locales.filter(\.isAudited).map(\.requested)).sorted()
        sizes = AuditedSizes(report)
    }

    /// Locales in review order: the source language first, then the others sorted.
    func reviewOrder(_ locales: [String]) -> [String] {
        locales.sorted { a, b in
            let sa = sourceLocales.contains(a), sb = sourceLocales.contains(b)
            return sa != sb ? sa : a < b
        }
    }

    /// `dir=rtl` for a right-to-left locale's text sample (nothing for left-to-right).
    static func dir(_ locale: String) -> String {
        ScreenPicture.isRightToLeft(locale: locale) ? " dir=rtl" : ""
    }

    /// `s` for HTML text and attribute values: `& < > " '` as entities, control characters other than
    /// tab and newline as spaces. Read as UTF-8 bytes (every byte it changes is ASCII); a string with
    /// nothing to change is returned as it is.
    static func esc(_ s: String) -> String {
        func changes(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return true
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"): return false
            default: return b < 0x20
            }
        }
        var utf8 = s
        return utf8.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: changes) else { return s }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            out.append(contentsOf: bytes[..<first])
            for b in bytes[first...] {
                switch b {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
                default: out.append(changes(b) ? 0x20 : b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
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

    /// The link to line `line` of `path`, HTML-escaped.
    mutating func link(_ path: String, line: Int?) -> String {
        let file: String
        if let known = fileLinks[path] {
            file = known
        } else {
            file = Self.esc(links.href(path))
            fileLinks[path] = file
        }
        return line.map { file + "#L\($0)" } ?? file
    }

    mutating func glyphRef(_ font: FontFace, _ glyph: UInt32) -> Int? {
        let fontNumber: Int
        if let known = faceNumbers[font.id] {
            fontNumber = known
        } else {
            let file = FontFile(path: font.path, faceIndex: font.faceIndex)
            fontNumber = fontNumbers[file] ?? fontNumbers.count
            fontNumbers[file] = fontNumber
            faceNumbers[font.id] = fontNumber
        }
        let key = GlyphKey(font: fontNumber, glyph: glyph)
        if let id = glyphIDs[key] { return id }
        if outliner.path(font, glyph: glyph).isEmpty { return nil }
        let id = glyphDefs.count
        glyphIDs[key] = id
        glyphDefs.append((font, glyph))
        return id
    }

    /// A font file's face: glyphs of faces that share one are drawn from one definition.
    struct FontFile: Hashable {
        var path: String
        var faceIndex: Int
    }

    struct GlyphKey: Hashable {
        var font: Int
        var glyph: UInt32
    }

    /// How a locale's summary marks a problem about it: "✗ error", "! warning" or "~ accepted".
    static func wideMark(_ verdict: CategoryVerdict) -> (cls: String, label: String) {
        switch verdict {
        case .error: ("err", "✗ error")
        case .warning: ("warn", "! warning")
        default: ("acc", "~ accepted")
        }
    }

    /// Per matrix row (spec, screen, element, locale), the best-ranked problem with a finding in each
    /// category's cell: the cell links to it.
    func cellProblems(_ problems: [Problem]) -> [MatrixRow: [Int?]] {
        var out: [MatrixRow: [Int?]] = [:]
        // Worst last: a cell keeps the last rank written to it, the best.
        for p in problems.reversed() {
            // A problem's findings come in report order, a row's categories one after another: the
            // row is looked up when it changes.
            var current: (row: MatrixRow, index: Dictionary<MatrixRow, [Int?]>.Index)?
            for f in p.findings {
                guard let category = f.category else { continue }
                let row = MatrixRow(spec: f.spec, screen: f.title, element: f.element, locale: f.locale ?? "")
                let index: Dictionary<MatrixRow, [Int?]>.Index
                if let current, current.row == row {
                    index = current.index
                } else {
                    if let known = out.index(forKey: row) {
                        index = known
                    } else {
                        out[row] = Array(repeating: nil, count: ContentSizeCategory.allCases.count)
                        index = out.index(forKey: row)!
                    }
                    current = (row, index)
                }
                out.values[index][category.rawValue] = p.rank
            }
        }
        return out
    }

    /// The previews of a problem: its worst case and, when another, the worst finding at its first
    /// failing category in the worst case's locale (where it starts).
    func previewFindings(_ p: Problem) -> [Finding] {
        let worst = p.worst, locale = worst.locale
        var start = EarliestWorst(noCategory: -1)
        for f in p.findings where f.hasPreview && (p.isAccepted || !f.accepted) && f.locale == locale { start.consider(f) }
        var out: [Finding] = []
        if worst.hasPreview { out.append(worst) }
        if let best = start.finding, best.fingerprint != worst.fingerprint { out.append(best) }
        // Reading order: the smaller category (where it starts) before the worst case.
        return out.sorted { ($0.category?.rawValue ?? -1) < ($1.category?.rawValue ?? -1) }
    }

    /// The screen states to draw whole for a problem: its worst case, and where it starts (the
    /// first failing category in the worst case's locale, on the worst case's device and orientation
    /// when it fails there), in reading order. None for problems that hold for every device or locale.
    func pictureFindings(_ p: Problem) -> [Finding] {
        guard report.pictures != nil, let worstState = p.worst.state else { return [] }
        let w = p.worst
        // Where it starts on the worst case's device and orientation, and on any.
        var sameDevice = EarliestWorst(noCategory: Int.max), anyDevice = EarliestWorst(noCategory: Int.max)
        for f in p.findings where p.isAccepted || !f.accepted {
            guard let state = f.state, state.locale == worstState.locale else { continue }
            anyDevice.consider(f)
            if state.device == worstState.device && state.orientation == worstState.orientation { sameDevice.consider(f) }
        }
        let start = sameDevice.finding != nil ? sameDevice : anyDevice
        guard let first = start.finding, start.category < worstState.category.rawValue else { return [w] }
        return [first, w]
    }

    /// Of the findings considered, the one at the smallest category (`noCategory` ranks one without),
    /// and of those the largest magnitude, then the smallest fingerprint.
    struct EarliestWorst {
        let noCategory: Int
        private(set) var finding: Finding?
        private(set) var category = Int.max
        private var magnitude = 0.0

        init(noCategory: Int) { self.noCategory = noCategory }

        mutating func consider(_ f: Finding) {
            let c = f.category?.rawValue ?? noCategory
            if finding != nil && c > category { return }
            let m = Problem.magnitude(f) ?? 0
            if let current = finding, c == category {
                guard m > magnitude || (m == magnitude && f.fingerprint < current.fingerprint) else { return }
            }
            finding = f
            category = c
            magnitude = m
        }
    }

    static func symbol(_ severity: Severity) -> String {
        switch severity {
        case .error: "✗ error"
        case .warning: "! warning"
        case .info: "i info"
        }
    }

    mutating func render() -> String {
        let s = report.summary
        let problems = report.problems
        var body: [String] = []
        body.append("<header><h1>typefit report</h1>")
        body.append(
            "<p class=meta>typefit \(Self.esc(report.tool.version)) · HarfBuzz \(Self.esc(report.tool.harfbuzz)) · FreeType \(Self.esc(report.tool.freetype)) · ICU \(Self.esc(report.tool.icu))</p>"
        )
        // The long lists fold away so that the problems come first on a phone's screen.
        body.append(
            "<details class=meta><summary>\(report.fonts.count) font\(report.fonts.count == 1 ? "" : "s")</summary>\(report.fonts.map { Self.esc($0.file) }.joined(separator: ", "))</details>"
        )
        if !report.locales.isEmpty {
            // Every resolution (a locale two specs resolve differently is listed with each, as
            // `LocaleSummary.list` lists them, the left-out ones grouped by why), in review order: `report.locales` is sorted by
            // requested locale, so the source language's come first.
            let first = report.locales.filter { sourceLocales.contains($0.requested) }
            let list = LocaleSummary.list(first + report.locales.filter { !sourceLocales.contains($0.requested) }) { l in
                "<span lang='\(Self.esc(l.requested))'>\(Self.esc(l.requested))</span>"
                    + (l.requested == l.localization ? "" : " → \(Self.esc(l.localization))")
                    + (l.auditedAs.map { " (audited as \(Self.esc($0)))" } ?? "")
            }
            let source = reviewOrder(Array(sourceLocales))
            let lead = source.isEmpty ? "" : ", source language first (\(Self.esc(source.joined(separator: ", "))))"
            let count = auditedLocales.count
            let left = Set(report.localizationsLeftOut.map(\.requested)).count
            let narrowed = left == 0 ? "" : "; \(left) more localization\(left == 1 ? "" : "s") of the strings not asked for, not audited"
            body.append(
                "<details class=meta><summary>\(count) locale\(count == 1 ? "" : "s")\(lead)\(narrowed)</summary>locales (requested → localization shown): \(list)</details>"
            )
        }
        for line in NarrowingNotes.selection(report) { body.append("<p class=meta>\(Self.esc(line))</p>") }
        if let system = report.systemFont { body.append("<p class=meta>\(Self.esc(system.line))</p>") }
        body.append(
            "<div class=scroll tabindex=0 role=region aria-label='summary'><table class=summary><tr><th scope=col>spec files</th><th scope=col>screen states</th><th scope=col>element checks</th><th scope=col>problems</th><th scope=col>errors</th><th scope=col>warnings</th><th scope=col>info</th><th scope=col>baselined</th>\(s.waived > 0 ? "<th scope=col>waived</th>" : "")<th scope=col>result</th></tr>"
        )
        body.append(
            "<tr><td>\(s.specs)</td><td>\(s.screens)</td><td>\(s.checks)</td><td>\(problems.count)</td><td class=err>\(s.errors)</td><td class=warn>\(s.warnings)</td><td>\(s.infos)</td><td>\(s.baselined)</td>\(s.waived > 0 ? "<td>\(s.waived)</td>" : "")<td>\(s.failed ? "<b class=err>✗ fails</b>" : "<b class=ok>✓ passes</b>")</td></tr></table></div></header>"
        )
        if s.borderline > 0 { body.append("<p class=meta><b>\(Self.esc(BorderlineSummary.line(s.borderline)))</b></p>") }
        body.append("<main>")
        // Filters and search (work offline: the script is in the page).
        let rules = Array(Set(problems.map(\.rule.rawValue))).sorted()
        let screens = Array(Set(problems.flatMap(\.screens))).sorted()
        let locales = reviewOrder(auditedLocales)
        let devices = Array(Set(problems.flatMap(\.devices))).sorted()
        func select(_ id: String, _ label: String, _ values: [String]) -> String {
            "<span class=f><label for=\(id)>\(label)</label> <select id=\(id)><option value=''>all</option>"
                + values.map { "<option>\(Self.esc($0))</option>" }.joined() + "</select></span>"
        }
        body.append("<nav aria-label='problems'><h2 id=problems>Problems, worst first (\(problems.count))</h2>")
        body.append("<form class=filters role=search onsubmit='return false'>")
        body.append(select("f-sev", "severity", ["error", "warning", "info", "accepted"]))
        body.append(select("f-rule", "rule", rules))
        body.append(select("f-screen", "screen", screens))
        body.append(select("f-locale", "locale", locales))
        body.append(select("f-cat", "category", categoryNames))
        body.append(select("f-dev", "device", devices))
        body.append(
            "<span class=f><label for=f-q>search</label> <input id=f-q type=search placeholder='element, text, message'></span> <span id=f-count aria-live=polite></span></form>"
        )
        body.append(
            "<p class=legend>Symbols: ✗ error · ! warning · i info · ~ \(Acceptance.phrase(s.acceptances) ?? "accepted by the baseline") · ✓ fits · – not audited · F fallback string shown. Previews: <span class=box>element</span> <span class=area>text area</span> <span class=over>overflow</span> <span class=fbk>fallback font</span> <span class=ell>ellipsis</span>. Whole screens: the device outline, the area outside the safe area grey, the keyboard and the bottom bar when shown, every element's frame, the failing one outlined thick and labelled ✗, its overflow hatched. Numbers are the JSON report's.</p>"
        )
        body.append("</nav>")
        body.append("<ol class=problems>")
        for p in problems {
            body.append(problemItem(p))
        }
        body.append("</ol>")
        // Per screen: the element × category matrix per locale, cells linking to their problem.
        body.append("<h2 id=screens>Screens by locale</h2>")
        let cellRank = cellProblems(problems)
        let wide = WideProblems(problems)
        let bySpec = Dictionary(grouping: report.elements, by: \.spec)
        for spec in bySpec.keys.sorted() {
            let byScreen = Dictionary(grouping: bySpec[spec]!, by: \.screen)
            for screen in byScreen.keys.sorted() {
                body.append("<section aria-label='\(Self.esc(screen))'><h3>\(Self.esc(screen))</h3><p class=file>\(Self.esc(spec))</p>")
                let summaries = byScreen[screen]!
                let byLocale = Dictionary(grouping: summaries, by: \.locale)
                for locale in reviewOrder(Array(byLocale.keys)) {
                    let rows = byLocale[locale]!.sorted { $0.element < $1.element }
                    let failing = rows.reduce(0) { $0 + $1.categories.filter(\.isFailing).count }
                    // Problems about the whole locale or spec are in no cell: the summary names them by
                    // rule, in plain text (a link there would nest one control in another), and the
                    // table's panel links them first.
                    let named = wide.problems(spec: spec, screen: screen, locale: locale)
                    let marks = wide.rules(spec: spec, screen: screen, locale: locale).map { r in
                        " · <span class=\(Self.wideMark(r.verdict).cls)>\(Self.wideMark(r.verdict).label) \(r.rule.rawValue) (\(r.ranks.map { "#\($0)" }.joined(separator: ", ")))</span>"
                    }
                    body.append(
                        "<details><summary><b lang='\(Self.esc(locale))'>\(Self.esc(locale))</b>\(sourceLocales.contains(locale) ? " (source language)" : "") — \(failing == 0 ? "✓ " : "")\(failing) failing cell\(failing == 1 ? "" : "s")\(marks.joined())</summary>"
                    )
                    if !named.isEmpty {
                        body.append(
                            "<p class=wide>In no cell (about the whole locale or screen): "
                                + named.map { "<a href=#r\($0.rank)>#\($0.rank) \($0.rule.rawValue)</a>" }.joined(
                                    separator: ", ") + "</p>")
                    }
                    body.append(
                        "<div class=scroll tabindex=0 role=region aria-label='\(Self.esc(screen)), \(Self.esc(locale))'><table class=matrix><tr><th scope=col>element</th>"
                            + categoryNames.map { "<th scope=col>\($0)</th>" }.joined() + "</tr>")
                    for row in rows {
                        let ranks = cellRank[MatrixRow(spec: spec, screen: screen, element: row.element, locale: locale)]
                        var tds = ""
                        for (i, verdict) in row.categories.enumerated() {
                            let fallback = row.fallbackFrom.map { i >= $0.rawValue } ?? false
                            let cell = MatrixCell.of(verdict, fallback: fallback)
                            if let rank = ranks?[i], verdict != .ok, verdict != .notAudited {
                                tds += "<td class=\(cell.cls)><a href=#r\(rank)>\(cell.mark)</a></td>"
                            } else {
                                tds += cell.td
                            }
                        }
                        body.append("<tr><th scope=row>\(Self.esc(row.element))</th>\(tds)</tr>")
                    }
                    body.append("</table></div></details>")
                }
                body.append("</section>")
            }
        }
        body.append("</main>")
        var defs = "<svg class=defs width=0 height=0 aria-hidden=true><defs>"
        for (id, def) in glyphDefs.enumerated() { defs += "<path id=g\(id) d='\(outliner.path(def.font, glyph: def.glyph))'/>" }
        defs += "</defs></svg>"
        return """
            <!doctype html>
            <html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1"><meta name=generator content="typefit \(Self.esc(report.tool.version))">
            <title>typefit report</title>
            <style>
            body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;max-width:1240px;color:#1d1d1f;background:#fff}
            @media (max-width:600px){body{margin:10px}}
            h1{font-size:24px;margin:0 0 4px}h2{font-size:20px;margin:28px 0 6px}h3{font-size:17px;margin:24px 0 0}.meta,.file{color:#595959;margin:2px 0 10px;overflow-wrap:anywhere}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:center}
            table.matrix th:first-child{text-align:left;font-weight:600}.summary td{font-size:16px}
            .scroll{overflow-x:auto;max-width:100%}
            .matrix td{width:38px}.matrix a{color:inherit}
            td.e{background:#ffd7d5}td.w{background:#fff1c2}td.k{background:#dcf5df}td.n{background:#f3f3f3}td.a{background:#e4e4f0}
            .err{color:#b3261e}.warn{color:#7a5200}.ok{color:#1b6e35}.acc{color:#4a4a68}
            details{margin:6px 0}summary{cursor:pointer}
            .filters{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;margin:8px 0}
            .filters .f{display:flex;gap:6px;align-items:center;max-width:100%;min-width:0}
            .filters select,.filters input{max-width:calc(100vw - 110px);min-width:0}
            ol.problems{padding-left:0;list-style:none}
            ol.problems>li{border:1px solid #ddd;border-radius:6px;padding:8px 10px;margin:10px 0;overflow-wrap:anywhere}
            ol.problems h3{margin:0 0 4px;font-size:16px}
            .previews{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}
            figure{margin:0;border:1px solid #e3e3e3;border-radius:6px;padding:8px;max-width:100%;box-sizing:border-box;overflow-x:auto}
            figure svg{max-width:100%;height:auto}
            figcaption{font-size:12px;color:#333;max-width:560px}figcaption b{font-size:13px}q.lines{white-space:pre-line}
            svg.defs{position:absolute}
            .box{outline:1.5px solid #8e8e93;padding:0 3px}.area{outline:1px dashed #0062cc;padding:0 3px}
            .over{background:rgba(255,59,48,.25);padding:0 3px}.fbk{color:#0058b0}.ell{color:#b0001a}
            svg .gl{fill:#1d1d1f}svg .gl.fbk{fill:#0a84ff}svg .gl.ell{fill:#d70015}
            svg .lb{font:600 20px system-ui,sans-serif;fill:#1d1d1f;paint-order:stroke;stroke:#fff;stroke-width:4px}
            figure.screen figcaption{max-width:420px}
            table.frames td,table.frames th{font-size:12px;padding:1px 5px;text-align:right}table.frames th[scope=row]{text-align:left;font-weight:400}
            details.meta summary{color:#595959}
            </style></head><body>
            \(defs)
            \(body.joined(separator: "\n"))
            <script>
            (function(){
              var ids=['f-sev','f-rule','f-screen','f-locale','f-cat','f-dev','f-q'],keys=['sev','rule','screen','locale','cat','dev'];
              var items=Array.prototype.slice.call(document.querySelectorAll('ol.problems>li'));
              function run(){
                var v=ids.map(function(i){return document.getElementById(i).value});
                var q=v[6].toLowerCase(),n=0;
                items.forEach(function(li){
                  var ok=true;
                  for(var k=0;k<6;k++){ if(v[k]&&(li.getAttribute('data-'+keys[k])||'').split('|').indexOf(v[k])<0&&!(k==3&&li.getAttribute('data-locale')==='*')&&!(k==5&&li.getAttribute('data-dev')==='*')){ok=false;break} }
                  if(ok&&q&&li.textContent.toLowerCase().indexOf(q)<0) ok=false;
                  li.hidden=!ok; if(ok) n++;
                });
                document.getElementById('f-count').textContent=n+' of '+items.length+' problems shown';
              }
              ids.forEach(function(i){var e=document.getElementById(i);e.addEventListener('input',run);e.addEventListener('change',run)});
              run();
            })();
            </script>
            </body></html>

            """
    }

    /// One problem: what, where, how far it spans, its worst case and fix, and its previews.
    mutating func problemItem(_ p: Problem) -> String {
        let sev = p.isAccepted ? "accepted" : p.severity.rawValue
        let screens = p.screens.sorted()
        var attrs = "id=r\(p.rank) data-sev='\(sev)' data-rule='\(p.rule.rawValue)'"
        attrs += " data-screen='\(Self.esc(screens.joined(separator: "|")))'"
        attrs += " data-locale='\(p.locales.isEmpty ? "*" : Self.esc(p.locales.joined(separator: "|")))'"
        attrs += " data-cat='\(p.categories.map(\.name).joined(separator: "|"))'"
        attrs += " data-dev='\(p.devices.isEmpty ? "*" : Self.esc(p.devices.joined(separator: "|")))'"
        let mark =
            p.isAccepted
            ? "<span class=acc>~ accepted (\(p.severity.rawValue))</span>"
            : "<span class=\(p.severity == .error ? "err" : p.severity == .warning ? "warn" : "ok")>\(Self.symbol(p.severity))</span>"
        var out = "<li \(attrs)><h3>#\(p.rank) \(mark) \(Self.esc(p.rule.rawValue)) · \(Self.esc(p.element))</h3>"
        // Where the findings counted are (those the baseline does not accept), as the text report says.
        var extent = FindingGroup.countedPlaces(p)
        if !p.isAccepted, let by = Acceptance.phrase(p.acceptances) { extent += ", and \(p.acceptedCount) \(by)" }
        out +=
            "<p><a href='\(link(p.spec, line: p.line))'><code>\(Self.esc(p.spec)):\(p.line):\(p.column)</code></a> · \(Self.esc(screens.joined(separator: "; "))) · \(extent)</p>"
        if let keys = report.pictures?.stringKeys(spec: p.spec, element: p.element), !keys.isEmpty {
            out +=
                "<p>strings: "
                + keys.map { k in
                    "table <code>\(Self.esc(k.table))</code>, key <code>\(Self.esc(k.key))</code> in <a href='\(link(k.file, line: nil))'>\(Self.esc(k.file))</a>"
                }.joined(separator: "; ") + "</p>"
        }
        let from = p.describedFirstCategories.map {
            "from <b>\($0.category.name)</b>: "
                + ($0.locales.isEmpty ? "every locale" : Self.esc(reviewOrder($0.locales).joined(separator: ", ")))
        }
        let note = sizes.note(for: p).map { " (\(Self.esc($0)))" } ?? ""
        if !from.isEmpty { out += "<p>\(from.joined(separator: "; "))\(note)</p>" }
        let w = p.worst
        let context = [w.locale, w.category?.name, w.device, w.orientation?.rawValue].compactMap { $0 }.joined(separator: ", ")
        out +=
            "<p>worst: <b>\(Self.esc(context.isEmpty ? "every locale" : context))</b>\(p.worstMagnitude.map { " — \(Self.num($0)) pt" } ?? ""): \(Self.esc(w.message))</p>"
        if let fix = p.fix { out += "<p>fix: \(Self.esc(fix))</p>" }
        let figures = previewFindings(p).enumerated().map { i, f in figure(f, id: "r\(p.rank)-\(i)") }
        if !figures.isEmpty { out += "<div class=previews>" + figures.joined() + "</div>" }
        if let source = report.pictures {
            let pictures = pictureFindings(p).enumerated().compactMap { i, f in
                source.picture(of: f).map { ScreenPictureSVG.figure($0, element: p.element, finding: f, id: "r\(p.rank)-s\(i)") }
            }
            if !pictures.isEmpty { out += "<div class=previews>" + pictures.joined() + "</div>" }
        }
        return out + "</li>"
    }

    mutating func figure(_ f: Finding, id: String) -> String {
        guard let p = report.pictures?.preview(of: f) else { return "" }
        let pad = 6.0
        // Overflow is drawn only in the dimension that overflows: to the side for text held to one
        // line (or a word wider than its line), below for wrapping text out of lines.
        let n0 = f.numbers
        let lineBound = (n0.linesAllowed ?? 1) == 1 || f.rule == .wordSplit
        // A word wider than its line overflows by the word's width, on the line it starts on; other
        // text held to one line by its whole width.
        let split = f.rule == .wordSplit ? p.wordSplit : nil
        let overWidth = lineBound ? max(0, (split?.width ?? p.neededWidth) - p.textWidth) : 0
        let overY = p.textY + Double(split?.line ?? 0) * p.lineHeight
        let drawnOver = min(overWidth, max(p.textWidth, 120))
        let extraLines: Double = {
            guard !lineBound, let needed = n0.linesNeeded, let allowed = n0.linesAllowed, allowed > 0, needed > allowed else { return 0 }
            return min(Double(needed - allowed) * p.lineHeight, 120)
        }()
        // Right to left, UIKit mirrors the insets and the image (the text area sits at the trailing
        // inset from the right edge) and the text overflows past the left end of its area.
        let rtl = p.rightToLeft
        let textX = rtl ? p.elementWidth - p.textX - p.textWidth : p.textX
        let overX = rtl ? textX - drawnOver : textX + p.textWidth
        let minX = min(0, overWidth > 0.01 ? overX : 0)
        let maxX = max(p.elementWidth, textX + p.textWidth, overWidth > 0.01 ? overX + drawnOver : 0)
        let width = maxX - minX + 2 * pad
        // Vertical overflow only where the finding is about height (a fixed or maximum height).
        let heightOver: Double = {
            guard let needed = f.numbers.heightNeeded, let available = f.numbers.heightAvailable, needed > available + 0.01 else {
                return 0
            }
            return needed - available
        }()
        let height = max(p.elementHeight + heightOver, p.textY + p.textHeight + extraLines) + 2 * pad
        let locale = f.locale ?? ""
        var svg =
            "<svg width='\(Self.num(width))' height='\(Self.num(height))' viewBox='\(Self.num(minX - pad)) \(Self.num(-pad)) \(Self.num(width)) \(Self.num(height))' role=img lang='\(Self.esc(locale))' aria-label='\(Self.esc(f.numbers.shown ?? f.numbers.text ?? f.element))'>"
        svg +=
            "<rect x='0' y='0' width='\(Self.num(p.elementWidth))' height='\(Self.num(p.elementHeight))' fill='#fafafa' stroke='#8e8e93' stroke-width='1.5' rx='4'/>"
        svg +=
            "<rect x='\(Self.num(textX))' y='\(Self.num(p.textY))' width='\(Self.num(p.textWidth))' height='\(Self.num(p.textHeight))' fill='none' stroke='#007aff' stroke-dasharray='4 3'/>"
        if overWidth > 0.01 {
            svg +=
                "<rect x='\(Self.num(overX))' y='\(Self.num(overY))' width='\(Self.num(drawnOver))' height='\(Self.num(p.lineHeight))' fill='rgba(255,59,48,.25)'/>"
        }
        if extraLines > 0 {
            svg +=
                "<rect x='\(Self.num(textX))' y='\(Self.num(p.textY + p.textHeight))' width='\(Self.num(p.textWidth))' height='\(Self.num(extraLines))' fill='rgba(255,59,48,.25)'/>"
        }
        if heightOver > 0 {
            svg +=
                "<rect x='0' y='\(Self.num(p.elementHeight))' width='\(Self.num(p.elementWidth))' height='\(Self.num(heightOver))' fill='rgba(255,59,48,.25)'/>"
        }
        svg += "<g transform='translate(\(Self.num(textX)) \(Self.num(p.textY)))'>"
        // The scale is the same for every glyph of a font and size: formatted once per run of them.
        var scale: (value: Double, text: String)?
        var emojiDrawn = false
        for line in p.lines {
            for g in line.glyphs {
                guard let ref = glyphRef(g.font, g.glyph) else {
                    // An emoji is a colour bitmap, no outline: a placeholder square where it is drawn.
                    if FontCascade.isEmojiFont(g.font) {
                        emojiDrawn = true
                        svg +=
                            "<rect x='\(Self.num(g.x + 0.1 * g.size))' y='\(Self.num(line.baseline + g.y - 0.85 * g.size))' width='\(Self.num(g.size))' height='\(Self.num(g.size))' rx='\(Self.num(0.25 * g.size))' fill='#ffcc00' fill-opacity='.6'/>"
                    }
                    continue
                }
                let s = g.size / g.font.unitsPerEm
                if scale?.value != s { scale = (s, "scale(\(String(format: "%.6f", s)) \(String(format: "%.6f", -s)))") }
                let cls = g.isEllipsis ? "gl ell" : (g.isFallback ? "gl fbk" : "gl")
                svg +=
                    "<use href='#g\(ref)' class='\(cls)' transform='translate(\(Self.num(g.x)) \(Self.num(line.baseline + g.y))) \(scale!.text)'/>"
            }
        }
        svg += "</g></svg>"
        let n = f.numbers
        var facts: [String] = []
        if let w = n.widthNeeded, let a = n.widthAvailable { facts.append("width needed \(Self.num(w)) pt, available \(Self.num(a)) pt") }
        if let l = n.linesNeeded, let a = n.linesAllowed { facts.append("lines needed \(l), allowed \(a == 0 ? "unlimited" : String(a))") }
        if let h = n.heightNeeded, let a = n.heightAvailable {
            facts.append("height needed \(Self.num(h)) pt, available \(Self.num(a)) pt")
        }
        if let o = n.overflow, o > 0 { facts.append("overflow \(Self.num(o)) pt") }
        if let size = n.fontSize { facts.append("\(Self.num(size)) pt") }
        // A text whose every character no font has is drawn in no font (its boxes are .notdef's).
        if let fonts = n.fonts {
            facts.append("fonts: " + (fonts.isEmpty ? "none (no font has its characters)" : fonts.joined(separator: ", ")))
        }
        if emojiDrawn { facts.append("emoji drawn as yellow squares (colour bitmaps, no outline)") }
        let sample =
            // Its lines as on screen: a line break rendered as a space read "அனைத்திற்குமா ன" for a word split in two.
            (f.numbers.shown ?? f.numbers.text).map {
                "<br>shown: <q class=lines lang='\(Self.esc(locale))'\(Self.dir(locale))>\(Self.esc($0))</q>"
            }
            ?? ""
        let caption =
            "<b>\(Self.esc(f.element))</b> · \(Self.esc(f.category?.name ?? "")) · <span lang='\(Self.esc(f.locale ?? ""))'>\(Self.esc(f.locale ?? ""))</span> · \(Self.esc(f.device ?? "")) \(Self.esc(f.orientation?.rawValue ?? "")) · <span class=\(f.severity == .error ? "err" : (f.severity == .warning ? "warn" : "ok"))>\(Self.esc(f.rule.rawValue))</span>\(f.acceptance.flatMap { Acceptance.phrase([$0]) }.map { " · \($0)" } ?? "")<br>\(Self.esc(f.message))\(sample)<br>\(Self.esc(facts.joined(separator: " · ")))"
        return "<figure id=\(id)>\(svg)<figcaption>\(caption)</figcaption></figure>"
    }
}
