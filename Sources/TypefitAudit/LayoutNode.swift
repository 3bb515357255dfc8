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
    var text: TextResult?
    /// Width the text is laid out in (the element's width minus insets and image), when it has text.
    var textWidth = 0.0
    /// Height the content needs (text + insets), before fixed/maximum heights.
    var neededHeight = 0.0
    /// A fixed or maximum height cuts the content off.
    var heightClipped = false
    /// The element's fonts, candidate strings and text results, kept for the job's states.
    var texts = NodeTexts()

    /// The tree for `element` and its descendants.
    init(tree element: Element) {
        self.element = element
        children = element.children.map { LayoutNode(tree: $0) }
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

    func offset(dx: Double, dy: Double) {
        frame.x += dx
        frame.y += dy
        for c in children { c.offset(dx: dx, dy: dy) }
    }

    func find(_ id: String) -> LayoutNode? {
        if element.id == id { return self }
        for c in children { if let f = c.find(id) { return f } }
        return nil
    }

    /// This node and its descendants, depth first (one array, no intermediate ones).
    var all: [LayoutNode] {
        var out: [LayoutNode] = []
        collect(into: &out)
        return out
    }

    func collect(into out: inout [LayoutNode]) {
        out.append(self)
        for c in children { c.collect(into: &out) }
    }
}
