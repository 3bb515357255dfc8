import TypefitCore
import XCTest

/// `CategorySet` against the standard library's `Set` of the same categories: every insert's answer,
/// membership, count and the sorted categories, over sequences that repeat, skip and reverse.
final class CategorySetTests: XCTestCase {
    func testBehavesAsASetOfCategories() {
        var generator = SystemRandomNumberGenerator()
        let all = ContentSizeCategory.allCases
        var sequences: [[ContentSizeCategory]] = [[], all, all.reversed(), all + all, [.large, .large, .xSmall, .ax5, .xSmall]]
        for _ in 0..<200 {
            sequences.append((0..<Int.random(in: 1...30, using: &generator)).map { _ in all.randomElement(using: &generator)! })
        }
        for sequence in sequences {
            var bits = CategorySet(), reference = Set<ContentSizeCategory>()
            for c in sequence {
                XCTAssertEqual(bits.insert(c), reference.insert(c).inserted, "\(sequence)")
                XCTAssertEqual(bits.count, reference.count)
            }
            XCTAssertEqual(bits.sorted, reference.sorted(), "\(sequence)")
            for c in all { XCTAssertEqual(bits.contains(c), reference.contains(c)) }
        }
        XCTAssertEqual(CategorySet().sorted, [])
    }
}
