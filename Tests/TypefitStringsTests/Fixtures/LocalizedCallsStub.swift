// NSLocalizedString with Foundation's parameters, recording each call and the line it is on
// (LocalizedCalls.swift imports no Foundation, so this is the function it calls).
nonisolated(unsafe) var recordedCalls: [(key: String, table: String, value: String, line: Int)] = []

final class Bundle {
    nonisolated(unsafe) static let main = Bundle()
    init() {}
    convenience init(for: AnyClass) { self.init() }
}

func NSLocalizedString(
    _ key: String, tableName: String? = nil, bundle: Bundle = .main, value: String = "", comment: String, line: Int = #line
) -> String {
    recordedCalls.append((key, tableName ?? "Localizable", value, line))
    return value
}
