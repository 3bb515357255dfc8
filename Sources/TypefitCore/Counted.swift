/// "1 error", "2 errors", "0 errors": a count with its noun (plural with "s"), for summary lines;
/// `none` words a count of 0 instead ("no arguments").
public func counted(_ count: Int, _ noun: String, none: String? = nil) -> String {
    if count == 0, let none { return none }
    return "\(count) \(noun)\(count == 1 ? "" : "s")"
}
