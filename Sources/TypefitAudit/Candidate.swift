import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitSpec
import TypefitStrings
import TypefitText

/// One string an element may show (a variant of its source in the job's locale), with its paragraph
/// shaped once per font cut and scaled once per point size at which it does not fit on one line: a
/// width change (another device) only re-runs line breaking.
final class Candidate {
    let text: String
    let variant: StringVariant?
    /// Shaped in the requested fonts (index 0); the system font's stand-in also in its Display cut
    /// (index 1), blended with the Text cut per size. Neither depends on the size.
    var shaped: [(paragraph: ShapedParagraph, requested: [FontFace])?] = [nil, nil]
    /// Scaled to each size used so far at which one unbroken line did not fit (a job uses a few
    /// dozen sizes at most; `ScreenLayouter.textLayout`).
    var scaled: [ScaledParagraph] = []
    /// The text's Unicode analysis, made once for both cuts.
    var analysis: TextAnalysis?
    /// The `%@` or `%s` specifier of the variant's format, if it has one: where typefit's sample for
    /// an argument may show (`SampleArgument`). Found once per candidate, not per finding.
    lazy var objectSpecifier: String? = variant.flatMap { v in
        FormatString.specifiers(in: v.format).first { $0.kind == .object || $0.kind == .cString }?.text
    }

    /// The variant's label for a finding's numbers, nil for the default variant: made once per
    /// candidate (each finding copied the variant and joined its label twice).
    lazy var findingLabel: String? = variant.flatMap { v in
        let label = v.label
        return label == "default" ? nil : label
    }

    init(text: String, variant: StringVariant?) {
        self.text = text
        self.variant = variant
    }
}
