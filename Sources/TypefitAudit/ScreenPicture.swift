import Foundation
import TypefitCore
import TypefitLayout
import TypefitSpec
import TypefitStrings

/// One screen state as the audit laid it out: the device's screen, its safe area, the keyboard and
/// the bottom bar when the spec has them, and every element's frame, in points from the screen's
/// top-left corner. In a right-to-left locale the frames are mirrored as UIKit mirrors a layout
/// built on leading and trailing edges (stack views, layout margins, safe area insets). The HTML
/// report draws it for the states its problems fail in (``ScreenPictureSource``).
public struct ScreenPicture: Sendable {
    /// The state's geometry, recorded by the state auditor while it lays the state out.
    struct Geometry {
        var width: Double
        var height: Double
        var safeArea: Rect
        var keyboard: Rect?
        var bottomBar: Rect?
        /// How far the content is scrolled up to show the field being edited (`StateAuditor.scrollIntoView`).
        var scrolled: Double?
    }

    public struct Box: Sendable {
        public var element: String
        public var kind: Element.Kind
        public var frame: Rect
        /// Nesting depth: 0 for the content's root and the bottom bar's.
        public var depth: Int
        public var inBottomBar: Bool
        /// A button's `cornerRadius` (drawn; it changes no measurement).
        public var cornerRadius: Double?
    }

    public var spec: String
    /// The screen state (title, with `(editing FIELD)` for a keyboard state).
    public var screen: String
    /// The state drawn: device, orientation, locale, category and focused field.
    public var state: Finding.State
    /// The screen's size in this orientation.
    public var width: Double
    public var height: Double
    public var safeArea: Rect
    /// Where the keyboard covers the screen, when the spec shows one.
    public var keyboard: Rect?
    public var bottomBar: Rect?
    /// How far a scroll view has scrolled the content up to show the field being edited, as the
    /// state's keyboard avoidance does (`keyboardAvoidance: scrollView`); nil when it has not. The
    /// content's frames are drawn scrolled; the audit checks the field at that scroll.
    public var scrolled: Double?
    /// Depth first, the content's tree, then the bottom bar's.
    public var elements: [Box]
    /// Mirrored for a right-to-left locale.
    public var rightToLeft: Bool

    /// Whether a locale is written right to left (UIKit then mirrors leading and trailing).
    public static func isRightToLeft(locale: String) -> Bool { WritingDirection.of(locale: locale) == .rightToLeft }

    /// The frame of an element (the first with that id).
    public func frame(of element: String) -> Rect? { elements.first { $0.element == element }?.frame }
}

/// Draws the screen pictures and text previews the HTML report asks for, on demand: it keeps the
/// run's jobs (spec, strings and locale) and lays one state out again when a picture or preview of
/// it is wanted, so the audit itself records nothing for them (a preview holds a text's whole
/// layout; kept for every finding, they took 62 MB of the benchmark corpus's peak with an HTML
/// report, 316 → 254 MB). Made by ``Auditor`` only when previews are kept (`keepPreviews`).
public final class ScreenPictureSource: @unchecked Sendable {
    let jobs: [Auditor.Job]
    let engine: TextEngine
    private let lock = NSLock()
    private struct Key: Hashable { var spec: String, title: String, state: Finding.State }
    /// A state laid out again: its picture and its text findings' previews.
    private struct Drawn {
        var picture: ScreenPicture
        var previews: [StateResult.PreviewKey: PreviewSource]
    }
    private var cache: [Key: Drawn?] = [:]

    /// The indices of `jobs` by spec path: a report asks for each problem's keys and pictures, and a
    /// run has thousands of jobs.
    private let jobsBySpec: [String: [Int]]

    init(jobs: [Auditor.Job], engine: TextEngine) {
        self.jobs = jobs
        self.engine = engine
        var bySpec: [String: [Int]] = [:]
        for (i, job) in jobs.enumerated() { bySpec[job.specPath, default: []].append(i) }
        jobsBySpec = bySpec
    }

    /// The jobs of the spec a report names (`samePath`), in run order.
    func jobIndices(spec: String) -> [Int] {
        if let exact = jobsBySpec[spec] { return exact }
        return jobsBySpec.filter { Self.samePath($0.key, spec) }.values.flatMap { $0 }.sorted()
    }

    /// The state a finding was seen in, drawn; nil for findings that hold for every device or
    /// locale (`fixed-font-size`, `missing-glyphs`, …) and for a state the run did not audit.
    public func picture(of f: Finding) -> ScreenPicture? {
        guard let state = f.state else { return nil }
        return picture(spec: f.spec, title: f.title, state: state)
    }

    /// The text of a finding as the state it was seen in shows it (`Finding.hasPreview`); nil for
    /// other findings and for a state the run did not audit.
    public func preview(of f: Finding) -> Preview? {
        guard f.hasPreview, let state = f.state else { return nil }
        return drawn(spec: f.spec, title: f.title, state: state)?.previews[.init(element: f.element, rule: f.rule)]?.preview()
    }

    /// A job's spec path and a report's (reporters may show it relative to another folder).
    static func samePath(_ job: String, _ report: String) -> Bool { job == report || job.hasSuffix("/" + report) }

    /// The screen state `state` (its device, orientation, locale, category and focused field) of the
    /// screen titled `title` in the spec `spec`.
    public func picture(spec: String, title: String, state: Finding.State) -> ScreenPicture? {
        drawn(spec: spec, title: title, state: state)?.picture
    }

    private func drawn(spec: String, title: String, state: Finding.State) -> Drawn? {
        let key = Key(spec: spec, title: title, state: state)
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[key] { return hit }
        let made = draw(spec: spec, title: title, state: state)
        cache[key] = made
        return made
    }

    private func draw(spec: String, title: String, state: Finding.State) -> Drawn? {
        let (device, orientation, locale, category) = (state.device, state.orientation, state.locale, state.category)
        for i in jobIndices(spec: spec) where jobs[i].locale == locale {
            let job = jobs[i]
            guard job.spec.title == title else { continue }
            guard let d = job.devices.first(where: { $0.name == device }), job.spec.orientations.contains(orientation) else { continue }
            let auditor = StateAuditor(
                spec: job.spec, specPath: job.specPath, engine: engine, strings: job.strings,
                localizations: job.localizations, severity: { _ in nil })
            auditor.keepPreviews = true
            auditor.collectFacts = false
            auditor.collectButtonHeights = false
            auditor.recordsGeometry = true
            var result = StateResult()
            let key = StateKey(device: d, orientation: orientation, locale: locale, category: category, focused: state.focused)
            guard (try? auditor.audit(key, into: &result)) != nil, let g = auditor.geometry else { return nil }
            let rtl = WritingDirection.of(locale: job.localization) == .rightToLeft || WritingDirection.of(locale: locale) == .rightToLeft
            func mirrored(_ r: Rect) -> Rect { rtl ? Rect(x: g.width - r.x - r.width, y: r.y, width: r.width, height: r.height) : r }
            var boxes: [ScreenPicture.Box] = []
            func walk(_ n: LayoutNode, depth: Int, bar: Bool) {
                // The content as scrolled to the field being edited; the bar stays on the keyboard.
                let dy = bar ? 0 : -(g.scrolled ?? 0)
                let frame = Rect(x: n.frame.x, y: n.frame.y + dy, width: n.frame.width, height: n.frame.height)
                boxes.append(
                    .init(
                        element: n.element.id, kind: n.element.kind, frame: mirrored(frame), depth: depth, inBottomBar: bar,
                        cornerRadius: n.element.cornerRadius))
                for c in n.children { walk(c, depth: depth + 1, bar: bar) }
            }
            walk(auditor.contentTree, depth: 0, bar: false)
            if let bar = auditor.barTree { walk(bar, depth: 0, bar: true) }
            let picture = ScreenPicture(
                spec: spec, screen: Finding.screenName(title: title, editing: state.focused), state: state, width: g.width,
                height: g.height, safeArea: mirrored(g.safeArea), keyboard: g.keyboard, bottomBar: g.bottomBar.map(mirrored),
                scrolled: g.scrolled, elements: boxes, rightToLeft: rtl)
            return Drawn(picture: picture, previews: result.previews)
        }
        return nil
    }
}
