// Stable-named wrappers over the few ICU C functions typefit uses.
// ICU's headers rename every symbol per version (ubrk_open → ubrk_open_72), which Swift cannot
// see through; this shim compiles against whatever ICU pkg-config finds and exports fixed names.
#ifndef TYPEFIT_ICU_H
#define TYPEFIT_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Break iterator kinds.
enum { TF_BREAK_CHARACTER = 0, TF_BREAK_LINE = 2 };

/// Opens a break iterator for `locale` (e.g. "th", "ja"); returns NULL and sets *error non-zero on failure.
void *tf_break_open(int kind, const char *locale, int32_t *error);
/// Points the iterator at `text` (UTF-16). The text must stay alive while the iterator uses it.
void tf_break_set_text(void *iterator, const uint16_t *text, int32_t length, int32_t *error);
int32_t tf_break_first(void *iterator);
/// Next boundary, or -1 when done.
int32_t tf_break_next(void *iterator);
/// Rule status of the boundary last returned (line breaks: 0–99 soft, 100–199 hard).
int32_t tf_break_rule_status(void *iterator);
void tf_break_close(void *iterator);

/// Resolves bidi runs of one paragraph. `base` is 0 (LTR), 1 (RTL) or -1 (first strong, default LTR).
/// Writes up to `capacity` runs in logical order as (start, length, level) and returns the number of
/// runs (which may exceed capacity: call again with more room), or -1 on error. `*paragraphLevel`
/// receives the resolved paragraph level.
int32_t tf_bidi_runs(const uint16_t *text, int32_t length, int base, int32_t *starts, int32_t *lengths,
                     uint8_t *levels, int32_t capacity, uint8_t *paragraphLevel);

/// ISO 15924 script code of a code point as a 4-letter tag packed big-endian ("Latn" → 'L'<<24|…),
/// "Zyyy" for Common and "Zinh" for Inherited.
uint32_t tf_script_tag(uint32_t codepoint);

/// The same, looked up in ICU's property names for every call (what tf_script_tag answers from its
/// table; the tests compare the two for every code point).
uint32_t tf_script_tag_icu(uint32_t codepoint);

/// The script a Unicode Script property value names — a long name ("Arabic", "Han") or an ISO 15924
/// code ("Arab", "Hani"), compared loosely (case, spaces, hyphens and underscores ignored) — as a
/// packed 4-letter tag like tf_script_tag, or 0 when the name is not a script.
uint32_t tf_script_named(const char *name);

/// The number of script values ICU knows (codes 0 ..< count).
int32_t tf_script_count(void);

/// The short (ISO 15924) and long names of script value `code`; NULL when it has none.
const char *tf_script_short_name(int32_t code);
const char *tf_script_long_name(int32_t code);

/// ICU's version string, e.g. "72.1".
const char *tf_icu_version(void);

#ifdef __cplusplus
}
#endif
#endif
