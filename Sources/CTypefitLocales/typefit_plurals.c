#include "typefit_plurals.h"

typedef void *(*tf_open_fn)(const char *, int *);
typedef int32_t (*tf_select_fn)(const void *, double, uint16_t *, int32_t, int *);
typedef void (*tf_close_fn)(void *);

#if defined(__APPLE__)
#include <dlfcn.h>
// Apple's libicucore exports the C API under its plain names; its headers are not in the SDK.
static int tf_plural_functions(tf_open_fn *open, tf_select_fn *select, tf_close_fn *close) {
    static tf_open_fn o = 0;
    static tf_select_fn s = 0;
    static tf_close_fn c = 0;
    static int looked = 0;
    if (!looked) {
        void *handle = dlopen("/usr/lib/libicucore.A.dylib", RTLD_LAZY);
        if (handle) {
            o = (tf_open_fn)dlsym(handle, "uplrules_open");
            s = (tf_select_fn)dlsym(handle, "uplrules_select");
            c = (tf_close_fn)dlsym(handle, "uplrules_close");
        }
        looked = 1;
    }
    *open = o;
    *select = s;
    *close = c;
    return o && s && c;
}
#else
// swift-foundation-icu renames ICU's C API with a swift_ prefix so that it cannot clash with a
// system ICU (typefit's text analysis links Debian's).
extern void *swift_uplrules_open(const char *locale, int *status);
extern int32_t swift_uplrules_select(const void *rules, double number, uint16_t *keyword, int32_t capacity, int *status);
extern void swift_uplrules_close(void *rules);
static int tf_plural_functions(tf_open_fn *open, tf_select_fn *select, tf_close_fn *close) {
    *open = swift_uplrules_open;
    *select = swift_uplrules_select;
    *close = swift_uplrules_close;
    return 1;
}
#endif

static uint8_t tf_plural_code(const uint16_t *keyword, int32_t length) {
    static const char *const names[] = {"zero", "one", "two", "few", "many", "other"};
    for (uint8_t code = 0; code < 6; code++) {
        const char *name = names[code];
        int32_t i = 0;
        while (i < length && name[i] && keyword[i] == (uint16_t)(unsigned char)name[i]) i++;
        if (i == length && !name[i]) return code;
    }
    return 255;
}

int32_t tf_plural_categories(const char *locale, const double *numbers, int32_t count, uint8_t *categories) {
    tf_open_fn open;
    tf_select_fn select;
    tf_close_fn close;
    if (!tf_plural_functions(&open, &select, &close)) return -2;
    int status = 0;
    void *rules = open(locale, &status);
    if (status > 0 || !rules) {  // U_FAILURE: status > U_ZERO_ERROR
        if (rules) close(rules);
        return -1;
    }
    for (int32_t n = 0; n < count; n++) {
        uint16_t keyword[16];
        status = 0;
        int32_t length = select(rules, numbers[n], keyword, 16, &status);
        categories[n] = (status > 0 || length < 0 || length > 16) ? 255 : tf_plural_code(keyword, length);
    }
    close(rules);
    return 0;
}
