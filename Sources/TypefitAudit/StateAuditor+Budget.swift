import Foundation
import TypefitCore
import TypefitStrings

extension StateAuditor {
    /// A truncated translation's budget in this state, and its locale's English name for the sentence
    /// the finding's message gains (`budgetNote`). The room is the
    /// text's available width × numberOfLines; the characters are estimated as `typefit budgets`
    /// does (width × lines ÷ the locale's average advance on the screen, in the text's font), so in
    /// the budget's own state the numbers are `typefit budgets`' (docs/budgets.md). Nil for text that
    /// is not a localized key, that grows (numberOfLines 0), or is cut only in height, and for every
    /// text when the run shows no finding's numbers or message (`AuditOptions.budgets`).
    func budget(_ t: TextResult, available: Double, needWidth: Double, locale: String) -> (language: String, budget: FindingBudget)? {
        guard budgets, t.isLocalized, t.maxLines > 0, available > 0 else { return nil }
        let advance: Double
        let font = t.font
        // The average depends on the font's selection, weight and size only: two elements' fonts
        // that differ only in how they scale share it.
        if let known = budgetAdvances.first(where: {
            $0.font.size == font.size && $0.font.weight == font.weight && $0.font.selection == font.selection
        }) {
            advance = known.advance
        } else {
            // A failure to shape the screen's strings leaves the finding without its budget (the
            // same strings were laid out already, so it does not happen in practice).
            // The job keeps the strings' shaped paragraphs for its other sizes (not in the no-cache mode).
            let shaped = engine.cachePolicy == .enabled ? budgetShaped : nil
            guard let measured = try? Auditor.averageAdvance(budgetTexts, locale: locale, font: t.font, engine: engine, shaped: shaped)
            else {
                return nil
            }
            budgetAdvances.append((font, measured))
            advance = measured
        }
        guard advance > 0 else { return nil }
        let width = round2(available), averageAdvance = round2(advance)
        let characters = Int((available * Double(t.maxLines) / advance + 1e-9).rounded(.down))
        let share = ((needWidth / (available * Double(t.maxLines))) * 1000).rounded() / 1000
        let language: String
        if let known = budgetLanguage, known.locale == locale {
            language = known.name
        } else {
            language = Self.languageName(locale)
            budgetLanguage = (locale, language)
        }
        return (
            language,
            FindingBudget(width: width, lines: t.maxLines, share: share, averageAdvance: averageAdvance, estimatedCharacters: characters)
        )
    }

    /// The sentence a truncated translation's message gains, for a text `available` pt wide:
    /// "the German text uses 124 % of its 186-pt budget; at most ≈ 19 characters".
    static func budgetNote(language: String, budget: FindingBudget, available: Double) -> String {
        var note = ""
        writeBudgetNote(language: language, budget: budget, available: available, to: &note)
        return note
    }

    static func writeBudgetNote<Out: TextOutput & ~Copyable>(
        language: String, budget: FindingBudget, available: Double, to out: inout Out
    ) {
        out.write("the "); out.write(language); out.write(" text uses "); out.write(Int((budget.share * 100).rounded()))
        if budget.lines == 1 {
            out.write(" % of its "); out.write(points: available); out.write("-pt budget")
        } else {
            out.write(" % of its budget of "); out.write(budget.lines); out.write(" lines × "); out.write(points: available)
            out.write(" pt")
        }
        out.write("; at most ≈ "); out.write(budget.estimatedCharacters)
        out.write(budget.estimatedCharacters == 1 ? " character" : " characters")
    }

    /// "German", "Chinese (Simplified)": the locale's English name (Foundation's, from ICU's data), or its tag.
    static func languageName(_ locale: String) -> String {
        Locale(identifier: "en").localizedString(forIdentifier: locale) ?? locale
    }
}
