/// "1 error", "2 errors", "0 errors": a count with its noun (plural with "s"), for summary lines.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
