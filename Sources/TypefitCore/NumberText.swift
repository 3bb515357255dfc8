/// Numbers written as text straight into UTF-8 bytes, as Swift prints them, without a String in
/// between: the JSON report writes millions of numbers and `typefit measure --jsonl` a dozen per
/// request (`JSONReportWriter`, `MeasureResultWriter`).
public enum NumberText {
    /// `String(v)`.
    @inlinable
    public static func append<Sink: ByteSink & ~Copyable>(_ v: Int, to bytes: inout Sink) {
        if v < 0 { bytes.append(0x2D) }
        appendDigits(v.magnitude, to: &bytes)
    }

    /// Swift's shortest round-trip form without a trailing ".0", as `JSONEncoder` writes it: `40`,
    /// `27.5`, `1e-07`, `1e+16`.
    @inlinable
    public static func append<Sink: ByteSink & ~Copyable>(_ v: Double, to bytes: inout Sink) {
        if !appendDecimal(v, to: &bytes) {
            var s = v.description
            if s.hasSuffix(".0") { s.removeLast(2) }
            s.withUTF8 { bytes.append($0) }
        }
    }

    /// The decimal digits of `v`.
    @inlinable
    static func appendDigits<Sink: ByteSink & ~Copyable>(_ v: UInt, to bytes: inout Sink) {
        if v < 10 {
            bytes.append(0x30 + UInt8(v))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var x = v, i = 20
            while x > 0 {
                i -= 1
                buffer[i] = 0x30 + UInt8(x % 10)
                x /= 10
            }
            bytes.append(UnsafeBufferPointer(rebasing: buffer[i..<20]))
        }
    }

    /// Writes `v` when it is the double nearest a number with at most four decimals between 0.001 and
    /// 10⁹ (every measurement typefit rounds: `40`, `27.35`, `1.261`, `174.1428`), else writes nothing
    /// and returns false. For those, the decimal with the fewest places that is `v` is Swift's
    /// shortest round-trip form: there is one such decimal, as two decimals of four places lie 0.0001
    /// apart, far more than the double's spacing below 10⁹ (10⁻⁷), and Swift prints no exponent there.
    @inlinable
    static func appendDecimal<Sink: ByteSink & ~Copyable>(_ v: Double, to bytes: inout Sink) -> Bool {
        let m = v.magnitude
        guard m < 1e9, m >= 1e-3 || (v == 0 && v.sign == .plus) else { return false }
        var scale = 1.0, places = 0
        while places <= 4 {
            let scaled = (m * scale).rounded()
            if scaled / scale == m {
                let units = UInt(scaled)
                let divisor = UInt(scale)
                if v < 0 { bytes.append(0x2D) }
                appendDigits(units / divisor, to: &bytes)
                var fraction = units % divisor, width = places
                if fraction > 0 {
                    while fraction % 10 == 0 {
                        fraction /= 10
                        width -= 1
                    }
                    bytes.append(0x2E)
                    var leading = width - 1, f = fraction
                    while f >= 10 {
                        f /= 10
                        leading -= 1
                    }
                    for _ in 0..<leading { bytes.append(0x30) }
                    appendDigits(fraction, to: &bytes)
                }
                return true
            }
            scale *= 10
            places += 1
        }
        return false
    }
}
