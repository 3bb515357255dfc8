// CLDR plural rules from the ICU that Foundation uses to choose a plural form of a localized
// string (a String Catalog's `variations.plural`, a .stringsdict's NSStringPluralRuleType):
// lib_FoundationICU on Linux (its symbols carry a swift_ prefix), libicucore on Apple platforms.
#ifndef TYPEFIT_PLURALS_H
#define TYPEFIT_PLURALS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The CLDR plural categories of `count` numbers in `locale` (an ICU locale ID such as "pt_BR"), with
/// the rules opened once: `categories[i]` is 0 zero, 1 one, 2 two, 3 few, 4 many, 5 other, or 255 for
/// a keyword ICU gave that is none of these. Returns 0, -1 on an ICU error, -2 when the rules are not
/// available on this platform.
int32_t tf_plural_categories(const char *locale, const double *numbers, int32_t count, uint8_t *categories);

#ifdef __cplusplus
}
#endif

#endif
