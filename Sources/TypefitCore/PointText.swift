/// Point values as every message and text report prints them.
public enum PointText {
    /// At most one decimal: "40", "27.5", "-3". Rounded first to 0.01 pt (the JSON report's
    /// precision) and then to 0.1 pt, so a message's number is its JSON field rounded to 0.1 pt
    /// (741.949 is 741.95 in JSON and "742" in the message, not "741.9").
    public static func format(_ v: Double) -> String {
        var text = ""
        text.write(points: v)
        return text
    }

    /// The same text as ASCII bytes.
    @inlinable
    public static func append<Sink: ByteSink & ~Copyable>(_ v: Double, to bytes: inout Sink) {
        let hundredths = (v * 100).rounded() / 100
        let tenths = Int((hundredths * 10).rounded())
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        let a = tenths.magnitude
        NumberText.appendDigits(a / 10, to: &bytes)
        if a % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(a % 10))
        }
    }
}
