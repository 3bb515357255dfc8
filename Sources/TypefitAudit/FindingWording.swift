import TypefitCore

/// What a finding says, its message and fix: written out, or kept as the few values its rule words
/// them from besides the finding's numbers, and worded only when something reads them (`message`,
/// `fix`: a reporter, the problem's summary, a spilled record).
///
/// A large audit's findings are mostly never shown whole: a report shows a few per problem and the
/// CI gate none, while wording every one was about a tenth of the audit's time (the benchmark
/// corpus's 121,579 findings, three in five of them text overflows). The values are held inline
/// (no allocation per finding) and take less memory than the written-out, interned messages did.
/// The words are the rules', so they stay in the rules' files (`TextOverflow.Wording`,
/// `TouchTargetRule.message(width:height:)`, `WordSplitRule.Wording`, `DoesNotFitRule.Wording`);
/// the same values always give the same bytes, so the reports do not change.
enum FindingWording: Sendable {
    /// Written out by the rule (interned per job: `StateAuditor.intern`).
    case text(message: String, fix: String?)
    /// A text that does not all show (`TextOverflow`): truncated, clipped, shrunk too far.
    case overflow(TextOverflow.Wording)
    /// A button under the minimum touch target, by its frame and how its spec sizes its sides (`TouchTargetRule`).
    case touchTarget(width: Double, height: Double, sizing: TouchTargetRule.Sizing)
    /// Word wrapping that breaks inside a word (`WordSplitRule`).
    case wordSplit(WordSplitRule.Wording)
    /// Content or a bottom bar outside the safe area (`DoesNotFitRule`).
    case doesNotFit(DoesNotFitRule.Wording)

    /// The message, worded with the finding's numbers.
    func message(_ numbers: Finding.Numbers) -> String {
        if case .text(let message, _) = self { return message }
        var message = ""
        writeMessage(numbers, to: &message)
        return message
    }

    /// The fix, worded with the finding's numbers.
    func fix(_ numbers: Finding.Numbers) -> String? {
        switch self {
        case .text(_, let fix): return fix
        case .overflow, .touchTarget, .wordSplit, .doesNotFit:
            var fix = ""
            writeFix(numbers, to: &fix)
            return fix
        }
    }

    /// Whether there is a fix.
    var hasFix: Bool {
        if case .text(_, nil) = self { return false }
        return true
    }

    /// The message, worded with the finding's numbers into `out`.
    func writeMessage<Out: TextOutput & ~Copyable>(_ numbers: Finding.Numbers, to out: inout Out) {
        switch self {
        case .text(let message, _): out.write(message)
        case .overflow(let w): w.writeMessage(numbers, to: &out)
        case .touchTarget(let width, let height, _): TouchTargetRule.writeMessage(width: width, height: height, to: &out)
        case .wordSplit(let w): w.writeMessage(numbers, to: &out)
        case .doesNotFit(let w): w.writeMessage(to: &out)
        }
    }

    /// The fix (nothing when there is none: `hasFix`), worded with the finding's numbers into `out`.
    func writeFix<Out: TextOutput & ~Copyable>(_ numbers: Finding.Numbers, to out: inout Out) {
        switch self {
        case .text(_, let fix): if let fix { out.write(fix) }
        case .overflow(let w): w.writeFix(numbers, to: &out)
        case .touchTarget(let width, let height, let sizing):
            TouchTargetRule.writeFix(width: width, height: height, sizing: sizing, to: &out)
        case .wordSplit(let w): w.writeFix(numbers, to: &out)
        case .doesNotFit(let w): w.writeFix(to: &out)
        }
    }
}
