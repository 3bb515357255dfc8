import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// One laid-out element, with its frame in screen coordinates after placement. A job builds one tree
/// of nodes per root element and every state lays it out again in place (the tree mirrors the
/// elements, so a state allocates no nodes).
final class LayoutNode {
    let element: Element
    var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    let children: [LayoutNode]
    /// Every node below this one, depth first: a stack moves a laid-out child with its whole subtree
    /// (`offset`), at every level of nesting, in every state, and walking this list costs less than
    /// a call per node. (No cycle: a node holds only nodes below it.)
    private let descendants: [LayoutNode]
    var text: TextResult?
    /// Width the text is laid out in (the element's width minus insets and image), when it has text.
    var textWidth = 0.0
    /// Height the content needs (text + insets), before fixed/maximum heights.
    var neededHeight = 0.0
    /// A fixed or maximum height cuts the content off.
    var heightClipped = false
    /// The element's fonts, candidate strings and text results, kept for the job's states.
    let texts: NodeTexts
    /// The element's `compressionResistance` when it is in a horizontal stack that squeezes it before
    /// a neighbour (one with a higher resistance): a row short of width takes it from this element
    /// first, down to nothing (`ScreenLayouter.layoutHStack`). Nil otherwise. An overflow's fix says
    /// so: more width comes from the row (`TextOverflow.Wording.rowResistance`).
    let givesWayInRow: Double?

    /// The tree for `element` and its descendants; `parent` is the element's parent, if any.
    /// - Parameter fonts: the spec's fonts per element and category, when the caller has them (the
    ///   job's states read a node's font at every category from them instead of working it out).
    init(tree element: Element, parent: Element? = nil, fonts: ElementFonts? = nil) {
        self.element = element
        texts = NodeTexts(fonts: fonts?.fonts(of: element))
        givesWayInRow = Self.givesWay(element, in: parent) ? element.compressionResistance : nil
        children = element.children.map { LayoutNode(tree: $0, parent: element, fonts: fonts) }
        var below: [LayoutNode] = []
        for c in children {
            below.append(c)
            below += c.descendants
        }
        descendants = below
    }

    /// Sets the node's own layout (its children are laid out by the caller).
    func set(
        width: Double, height: Double, text: TextResult? = nil, textWidth: Double = 0, neededHeight: Double = 0, heightClipped: Bool = false
    ) {
        frame = Rect(x: 0, y: 0, width: width, height: height)
        self.text = text
        self.textWidth = textWidth
        self.neededHeight = neededHeight
        self.heightClipped = heightClipped
    }

    /// Moves the node and its subtree: each frame gets the same additions, in the same order, as
    /// moving each child in turn would give it.
    func offset(dx: Double, dy: Double) {
        frame.x += dx
        frame.y += dy
        for node in descendants {
            node.frame.x += dx
            node.frame.y += dy
        }
    }

    /// Whether the hstack `parent` squeezes `e` before one of its other children: as
    /// `ScreenLayouter.layoutHStack` gives way, by compression resistance, fixed widths never.
    private static func givesWay(_ e: Element, in parent: Element?) -> Bool {
        guard let parent, parent.kind == .hstack, parent.distribution ?? .fill != .fillEqually,
            !ScreenLayouter.isFixedWidth(e)
        else { return false }
        return parent.children.contains { $0.compressionResistance > e.compressionResistance && !ScreenLayouter.isFixedWidth($0) }
    }

    func find(_ id: String) -> LayoutNode? {
        if element.id == id { return self }
        for c in children { if let f = c.find(id) { return f } }
        return nil
    }

    /// This node and its descendants, depth first.
    var all: [LayoutNode] { [self] + descendants }

    func collect(into out: inout [LayoutNode]) {
        out.append(self)
        out += descendants
    }
}
