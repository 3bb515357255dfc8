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
    }

    public struct Box: Sendable {
        public var element: String
        public var kind: Element.Kind
        public var frame: Rect
        /// Nesting depth: 0 for the content's root and the bottom bar's.
        public var depth: Int
        public var inBottomBar: Bool
    }

    public var spec: String
    /// The screen state (title, with `(editing FIELD)` for a keyboard state).
    public var screen: String
    public var device: String
    public var orientation: String
    public var locale: String
    public var category: String
    /// The screen's size in this orientation.
    public var width: Double
    public var height: Double
    public var safeArea: Rect
    /// Where the keyboard covers the screen, when the spec shows one.
    public var keyboard: Rect?
    public var bottomBar: Rect?
    /// Depth first, the content's tree, then the bottom bar's.
    public var elements: [Box]
    /// Mirrored for a right-to-left locale.
    public var rightToLeft: Bool

    /// Whether a locale is written right to left (UIKit then mirrors leading and trailing).
    public static func isRightToLeft(locale: String) -> Bool { WritingDirection.of(locale: locale) == .rightToLeft }

    /// The frame of an element (the first with that id).
    public func frame(of element: String) -> Rect? { elements.first { $0.element == element }?.frame }
}

/// Draws the screen pictures the HTML report asks for, on demand: it keeps the run's jobs (spec,
/// strings and locale) and lays one state out again when a picture of it is wanted, so the audit
/// itself records nothing for them. Made by ``Auditor`` only when previews are kept (`keepPreviews`).
public final class ScreenPictureSource: @unchecked Sendable {
    let jobs: [Auditor.Job]
    let engine: TextEngine
    private let lock = NSLock()
    private var cache: [String: ScreenPicture?] = [:]

    init(jobs: [Auditor.Job], engine: TextEngine) {
        self.jobs = jobs
        self.engine = engine
    }

    /// The state a finding was seen in, drawn; nil for findings that hold for every device or
    /// locale (`fixed-font-size`, `missing-glyphs`, …) and for a state the run did not audit.
    public func picture(of f: Finding) -> ScreenPicture? {
        guard let state = Self.state(of: f) else { return nil }
        return picture(
            spec: state.spec, screen: state.screen, device: state.device, orientation: state.orientation,
            locale: state.locale, category: state.category)
    }

    /// The state a finding was seen in, with its spec and screen.
    static func state(of f: Finding) -> (spec: String, screen: String, device: String, orientation: Orientation, locale: String, category: ContentSizeCategory)?
    {
        guard let s = f.state else { return nil }
        return (f.spec, f.screen, s.device, s.orientation, s.locale, s.category)
    }

    /// A job's spec path and a report's (reporters may show it relative to another folder).
    static func samePath(_ job: String, _ report: String) -> Bool { job == report || job.hasSuffix("/" + report) }

    public func picture(
        spec: String, screen: String, device: String, orientation: Orientation, locale: String,
        category: ContentSizeCategory
    ) -> ScreenPicture? {
        let cacheKey = [spec, screen, device, orientation.rawValue, locale, category.name].joined(separator: "\u{1F}")
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[cacheKey] { return hit }
        let made = draw(spec: spec, screen: screen, device: device, orientation: orientation, locale: locale, category: category)
        cache[cacheKey] = made
        return made
    }

    private func draw(
        spec: String, screen: String, device: String, orientation: Orientation, locale: String,
        category: ContentSizeCategory
    ) -> ScreenPicture? {
        for job in jobs where job.locale == locale && Self.samePath(job.specPath, spec) {
            let title = job.spec.title
            var focused: String?
            if screen != title {
                let prefix = title + " (editing "
                guard screen.hasPrefix(prefix), screen.hasSuffix(")") else { continue }
                focused = String(screen.dropFirst(prefix.count).dropLast())
            }
            guard let d = job.devices.first(where: { $0.name == device }), job.spec.orientations.contains(orientation) else { continue }
            let auditor = StateAuditor(
                spec: job.spec, specPath: job.specPath, engine: engine, strings: job.strings,
                localizations: job.localizations, severity: { _ in nil })
            auditor.keepPreviews = false
            auditor.collectFacts = false
            auditor.collectButtonHeights = false
            auditor.recordsGeometry = true
            var result = StateResult()
            let key = StateKey(device: d, orientation: orientation, locale: locale, category: category, focused: focused)
            guard (try? auditor.audit(key, into: &result)) != nil, let g = auditor.geometry else { return nil }
            let rtl = WritingDirection.of(locale: job.localization) == .rightToLeft || WritingDirection.of(locale: locale) == .rightToLeft
            func mirrored(_ r: Rect) -> Rect { rtl ? Rect(x: g.width - r.x - r.width, y: r.y, width: r.width, height: r.height) : r }
            var boxes: [ScreenPicture.Box] = []
            func walk(_ n: LayoutNode, depth: Int, bar: Bool) {
                boxes.append(.init(element: n.element.id, kind: n.element.kind, frame: mirrored(n.frame), depth: depth, inBottomBar: bar))
                for c in n.children { walk(c, depth: depth + 1, bar: bar) }
            }
            walk(auditor.contentTree, depth: 0, bar: false)
            if let bar = auditor.barTree { walk(bar, depth: 0, bar: true) }
            return ScreenPicture(
                spec: spec, screen: screen, device: device, orientation: orientation.rawValue, locale: locale,
                category: category.name, width: g.width, height: g.height, safeArea: mirrored(g.safeArea),
                keyboard: g.keyboard, bottomBar: g.bottomBar.map(mirrored), elements: boxes, rightToLeft: rtl)
        }
        return nil
    }
}
