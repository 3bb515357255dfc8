// Prints the calls LocalizedCalls.swift made, as JSON, one a line: the reference for
// CodeLocalizedStringsTests.
import Foundation

fixtureCalls()
for call in recordedCalls {
    let object: [String: Any] = ["key": call.key, "table": call.table, "value": call.value, "line": call.line]
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
