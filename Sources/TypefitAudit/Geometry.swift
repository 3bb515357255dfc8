/// A rectangle in points, origin top-left (UIKit's coordinate system).
public struct Rect: Sendable, Hashable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var midY: Double { y + height / 2 }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// Numbers in reports are rounded to 1/100 pt so they read well and stay byte-stable.
func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
