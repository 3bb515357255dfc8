// CLDR plural rules from the ICU that Foundation uses to choose a plural form of a localized
// string (a String Catalog's `variations.plural`, a .stringsdict's NSStringPluralRuleType):
// lib_FoundationICU on Linux (its symbols carry a swift_ prefix), libicucore on Apple platforms.
#ifndef TYPEFIT_PLURALS_H
#define TYPEFIT_PLURALS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The CLDR plural category of `number` in `locale` (an ICU locale ID such as "pt_BR"), written to
/// `keyword` as "zero", "one", "two", "few", "many" or "other", NUL-terminated. Returns its length,
/// -1 on an ICU error, -2 when the rules are not available on this platform.
int32_t tf_plural_category(const char *locale, double number, char *keyword, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
