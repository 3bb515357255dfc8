import Foundation
import TypefitCore
import TypefitLayout
import TypefitStrings
import XCTest

@testable import TypefitAudit
@testable import TypefitSpec

/// A layout node keeps its element's text results for the job's states (`NodeTexts`): a state finds
/// the result made at another width only where its lines break and truncate the same, and one made
/// for another category only where the font's size and the fallback reached are the same. Checked
/// on real fonts and text against layouts made with no cache at all.
final class NodeTextsTests: XCTestCase {
    static let engine = TextEngine(bundledFonts: AuditTests.root.appendingPathComponent("Fonts").path)

    let yaml = """
        screen: S
        content:
          vstack: root
          alignment: leading
          children:
            - {label: title, text: "Continue with Apple", style: body, numberOfLines: 1}
            - {label: note, text: "Sign in to keep your saved places on every device", style: footnote, numberOfLines: 2}
        """

    func layouter(_ memo: TextMemo) -> ScreenLayouter {
        ScreenLayouter(
            engine: Self.engine, memo: memo, strings: StringTables([]), locale: "en", localizations: ["en"], category: .large)
    }

    /// What a state shows for every text of the tree: lines, widths and truncation.
    func shown(_ node: LayoutNode) -> [String] {
        node.all.compactMap { n in
            n.text.map { t in "\(n.element.id): \(t.layout.visibleText) \(t.layout.width) \(t.layout.lineCount) \(t.layout.truncated)" }
        }
    }

    /// Lays `tree` out with `kept` in one state and checks it against the same state laid out with
    /// nothing kept from any other.
    func layOut(
        _ tree: LayoutNode, of spec: ScreenSpec, with kept: ScreenLayouter, width: Double, category: ContentSizeCategory,
        line: UInt = #line
    ) throws {
        kept.category = category
        try kept.layout(tree, width: width, clamp: (nil, nil))
        let fresh = layouter(TextMemo(policy: .disabled))
        fresh.category = category
        let oracle = LayoutNode(tree: spec.content)
        try fresh.layout(oracle, width: width, clamp: (nil, nil))
        XCTAssertEqual(shown(tree), shown(oracle), "\(width) pt at \(category)", line: line)
    }

    func testResultsAreReusedOnlyWhereTheyHoldAndMatchLayoutsMadeWithoutACache() throws {
        let spec = try XCTUnwrap(SpecLoader.load(yaml: yaml, file: "/tmp/node-texts.yaml").first)
        let kept = layouter(TextMemo())
        let tree = LayoutNode(tree: spec.content)
        /// The title's result in one state, checked against a layout made without a cache.
        func title(_ width: Double, _ category: ContentSizeCategory, line: UInt = #line) throws -> TextResult {
            try layOut(tree, of: spec, with: kept, width: width, category: category, line: line)
            return try XCTUnwrap(tree.children.first?.text)
        }
        let wide = try title(375, .large)
        XCTAssertFalse(wide.layout.truncated)
        // Another category, at another size (Body is 17 pt at Large, 53 pt at AX5), has its own result.
        let large = try title(375, .ax5)
        XCTAssertFalse(large === wide)
        // At 60 pt the title is truncated: a new result, not the one made at 375 pt.
        let narrow = try title(60, .large)
        XCTAssertTrue(narrow.layout.truncated)
        XCTAssertFalse(narrow === wide)
        XCTAssertTrue(try title(60, .ax5).layout.truncated)
        // One line that fits at 375 pt fits at 390 pt: the result made first, not a new one.
        XCTAssertTrue(try title(390, .large) === wide)
        XCTAssertTrue(try title(375, .large) === wide)
        XCTAssertTrue(try title(375, .ax5) === large)
        XCTAssertTrue(try title(60, .large) === narrow)
        XCTAssertFalse(try title(120, .xSmall) === wide)
    }

    /// A result depends on its state category only through the font's size and the `fromCategory`
    /// fallback the category reaches: categories that share both share one result (laid out once),
    /// and every category still shows what a layout made with no cache shows.
    func testCategoriesShareAResultOnlyAtTheSameSizeAndFallback() throws {
        let yaml = """
            screen: S
            content:
              vstack: root
              alignment: leading
              children:
                - {label: caption, text: "Photos shared with you", style: caption2, numberOfLines: 1}
                - label: fixed
                  text: "Continue with Apple"
                  font: {family: system, size: 17}
                  numberOfLines: 1
                  fallbacks: [{text: "Apple", when: {category: AX1}}]
                - {label: clamped, text: "Sign in to keep your saved places", style: body, maximumContentSizeCategory: xxxLarge}
            """
        let spec = try XCTUnwrap(SpecLoader.load(yaml: yaml, file: "/tmp/node-texts-shared.yaml").first)
        let kept = layouter(TextMemo())
        let tree = LayoutNode(tree: spec.content)
        var results: [String: [ContentSizeCategory: TextResult]] = [:]
        for category in ContentSizeCategory.allCases {
            try layOut(tree, of: spec, with: kept, width: 160, category: category)
            for n in tree.children { results[n.element.id, default: [:]][category] = try XCTUnwrap(n.text) }
        }
        let caption = try XCTUnwrap(results["caption"]), fixed = try XCTUnwrap(results["fixed"])
        let clamped = try XCTUnwrap(results["clamped"])
        // Caption 2 is 11 pt from xSmall to Large (reference §1a), 13 pt at xLarge.
        XCTAssertTrue(caption[.xSmall] === caption[.large])
        XCTAssertFalse(caption[.large] === caption[.xLarge])
        // A size that does not follow Dynamic Type: one result below AX1, another (the fallback) from it.
        XCTAssertTrue(fixed[.xSmall] === fixed[.xxxLarge])
        XCTAssertEqual(fixed[.xxxLarge]?.text, "Continue with Apple")
        XCTAssertFalse(fixed[.xxxLarge] === fixed[.ax1])
        XCTAssertEqual(fixed[.ax1]?.text, "Apple")
        XCTAssertTrue(fixed[.ax1] === fixed[.ax5])
        // Clamped at xxxLarge: every accessibility category shows xxxLarge's result.
        XCTAssertTrue(clamped[.xxxLarge] === clamped[.ax5])
        XCTAssertFalse(clamped[.large] === clamped[.xxxLarge])
    }

    func testFontsAndCandidatesAreTheElementsOwn() throws {
        let spec = try XCTUnwrap(SpecLoader.load(yaml: yaml, file: "/tmp/node-texts.yaml").first)
        let l = layouter(TextMemo())
        let tree = LayoutNode(tree: spec.content)
        for node in tree.children {
            for category in ContentSizeCategory.allCases {
                XCTAssertEqual(l.font(node, category: category), ElementFont.resolve(node.element, category: category))
            }
            // Asked twice, the same candidate objects (kept); each node its own text.
            let a = l.candidates(node, slot: -1, node.element.text!)
            let b = l.candidates(node, slot: -1, node.element.text!)
            XCTAssertEqual(a.map(\.text), b.map(\.text))
            XCTAssertTrue(zip(a, b).allSatisfy { $0 === $1 })
        }
        let titles = l.candidates(tree.children[0], slot: -1, tree.children[0].element.text!)
        let notes = l.candidates(tree.children[1], slot: -1, tree.children[1].element.text!)
        XCTAssertEqual(titles.map(\.text), ["Continue with Apple"])
        XCTAssertEqual(notes.map(\.text), ["Sign in to keep your saved places on every device"])
        // With nothing kept (the no-cache oracle), a new list every time.
        let uncached = layouter(TextMemo(policy: .disabled))
        let c1 = uncached.candidates(tree.children[0], slot: -1, tree.children[0].element.text!)
        let c2 = uncached.candidates(tree.children[0], slot: -1, tree.children[0].element.text!)
        XCTAssertFalse(c1[0] === c2[0])
    }

    /// A job's tree built with the spec's fonts (`ElementFonts`, worked out once for all its jobs)
    /// shows at every category and width what a tree that works out its own fonts shows, laid out
    /// with no cache: text styles, a custom font that scales up to a maximum, a fixed one, an
    /// unspecified font on a configuration button (Body) and a text field.
    func testSpecFontsShowWhatEachNodeWorksOutItself() throws {
        let yaml = """
            screen: S
            content:
              vstack: root
              alignment: leading
              children:
                - {label: title, text: "Continue with Apple", style: title1, numberOfLines: 1}
                - label: scaled
                  text: "Sign in to keep your saved places"
                  font: {family: Inter, size: 15, relativeTo: headline, maximumPointSize: 24}
                  numberOfLines: 2
                - {label: fixed, text: "Photos shared with you", font: {family: system, size: 12}}
                - {button: go, text: "Create account", configuration: filled}
                - {textField: email, placeholder: "Email address", style: body}
            """
        let spec = try XCTUnwrap(SpecLoader.load(yaml: yaml, file: "/tmp/node-texts-fonts.yaml").first)
        let fonts = ElementFonts(spec)
        XCTAssertNil(fonts.fonts(of: spec.content), "a stack shows no text")
        let kept = layouter(TextMemo())
        let tree = LayoutNode(tree: spec.content, fonts: fonts)
        var sizes: [String: Set<Double>] = [:]
        for category in ContentSizeCategory.allCases {
            for width in [120.0, 375] {
                try layOut(tree, of: spec, with: kept, width: width, category: category)
            }
            for node in tree.children { sizes[node.element.id, default: []].insert(try XCTUnwrap(node.text).font.size) }
        }
        // The scaled custom font stops at its maximum; the fixed one stays at 12 pt; Title 1 is 28 pt
        // at Large and grows.
        XCTAssertEqual(sizes["scaled"]?.max(), 24)
        XCTAssertEqual(sizes["fixed"], [12])
        XCTAssertTrue(sizes["title"]?.contains(28) ?? false)
        XCTAssertGreaterThan(sizes["title"]?.count ?? 0, 6)
    }
}
