#include "typefit_icu.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>
#include <string.h>
#include <pthread.h>

void *tf_break_open(int kind, const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open((UBreakIteratorType)kind, locale, NULL, 0, &status);
    *error = U_FAILURE(status) ? (int32_t)status : 0;
    if (U_FAILURE(status)) { if (it) ubrk_close(it); return NULL; }
    return it;
}

void tf_break_set_text(void *iterator, const uint16_t *text, int32_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &status);
    *error = U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t tf_break_first(void *iterator) { return ubrk_first((UBreakIterator *)iterator); }

int32_t tf_break_next(void *iterator) {
    int32_t next = ubrk_next((UBreakIterator *)iterator);
    return next == UBRK_DONE ? -1 : next;
}

int32_t tf_break_rule_status(void *iterator) { return ubrk_getRuleStatus((UBreakIterator *)iterator); }

void tf_break_close(void *iterator) { if (iterator) ubrk_close((UBreakIterator *)iterator); }

int32_t tf_bidi_runs(const uint16_t *text, int32_t length, int base, int32_t *starts, int32_t *lengths,
                     uint8_t *levels, int32_t capacity, uint8_t *paragraphLevel) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return -1;
    UBiDiLevel level = base == 0 ? 0 : (base == 1 ? 1 : UBIDI_DEFAULT_LTR);
    ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    *paragraphLevel = ubidi_getParaLevel(bidi);
    int32_t count = 0, position = 0;
    while (position < length) {
        int32_t limit = 0;
        UBiDiLevel runLevel = 0;
        ubidi_getLogicalRun(bidi, position, &limit, &runLevel);
        if (limit <= position) break;
        if (count < capacity) {
            starts[count] = position;
            lengths[count] = limit - position;
            levels[count] = runLevel;
        }
        count++;
        position = limit;
    }
    ubidi_close(bidi);
    return count;
}

/// The packed tag of script value `code`'s short name, or 0 when it has no 4-letter one.
static uint32_t tf_script_short_tag(int32_t code) {
    const char *name = uscript_getShortName((UScriptCode)code);
    if (!name || strlen(name) != 4) return 0;
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
           ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

/// The packed tag of script value `code` ("Zzzz" when it has no 4-letter short name).
static uint32_t tf_script_code_tag(int32_t code) {
    uint32_t tag = tf_script_short_tag(code);
    return tag ? tag : ((uint32_t)'Z' << 24) | ((uint32_t)'z' << 16) | ((uint32_t)'z' << 8) | 'z';
}

uint32_t tf_script_tag_icu(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    if (U_FAILURE(status)) code = USCRIPT_UNKNOWN;
    return tf_script_code_tag(code);
}

/// Every script value's tag, looked up in ICU's property names once per process: the name lookup
/// cost more than the script lookup itself, for every scalar past ASCII of every text analysed.
enum { TF_SCRIPT_TABLE = 512 };
static uint32_t tf_script_tags[TF_SCRIPT_TABLE];
static int32_t tf_script_tag_count;
static pthread_once_t tf_script_tags_once = PTHREAD_ONCE_INIT;

static void tf_script_tags_fill(void) {
    int32_t count = u_getIntPropertyMaxValue(UCHAR_SCRIPT) + 1;
    if (count > TF_SCRIPT_TABLE) count = TF_SCRIPT_TABLE;
    if (count < 0) count = 0;
    for (int32_t code = 0; code < count; code++) tf_script_tags[code] = tf_script_code_tag(code);
    tf_script_tag_count = count;
}

uint32_t tf_script_tag(uint32_t codepoint) {
    pthread_once(&tf_script_tags_once, tf_script_tags_fill);
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    if (U_FAILURE(status)) code = USCRIPT_UNKNOWN;
    if (code >= 0 && code < tf_script_tag_count) return tf_script_tags[code];
    return tf_script_code_tag(code);
}

uint32_t tf_script_named(const char *name) {
    int32_t code = u_getPropertyValueEnum(UCHAR_SCRIPT, name);
    if (code == UCHAR_INVALID_CODE) return 0;
    return tf_script_short_tag(code);
}

int32_t tf_script_count(void) { return u_getIntPropertyMaxValue(UCHAR_SCRIPT) + 1; }

const char *tf_script_short_name(int32_t code) {
    return u_getPropertyValueName(UCHAR_SCRIPT, code, U_SHORT_PROPERTY_NAME);
}

const char *tf_script_long_name(int32_t code) {
    return u_getPropertyValueName(UCHAR_SCRIPT, code, U_LONG_PROPERTY_NAME);
}

const char *tf_icu_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}
