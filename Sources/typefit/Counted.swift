/// "1 error", "2 errors", "0 errors": a count with its noun, for the summary lines on stderr.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
