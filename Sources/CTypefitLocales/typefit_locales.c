#include "typefit_locales.h"

typedef int32_t (*tf_ualoc_fn)(const char *const *, int32_t, const char *const *, int32_t,
                               const char **, int32_t, int *);

#if defined(__APPLE__)
#include <dlfcn.h>
// Apple's libicucore exports it; it is not in the public SDK headers, so it is looked up at run time.
static tf_ualoc_fn tf_ualoc(void) {
    static tf_ualoc_fn fn = 0;
    static int looked = 0;
    if (!looked) {
        void *handle = dlopen("/usr/lib/libicucore.A.dylib", RTLD_LAZY);
        if (handle) fn = (tf_ualoc_fn)dlsym(handle, "ualoc_localizationsToUse");
        looked = 1;
    }
    return fn;
}
#else
// swift-foundation-icu (linked with Foundation: lib_FoundationICU.so or .a).
extern int32_t ualoc_localizationsToUse(const char *const *preferredLanguages, int32_t preferredLanguagesCount,
                                        const char *const *availableLocalizations, int32_t availableLocalizationsCount,
                                        const char **localizationsToUse, int32_t localizationsToUseCapacity, int *status);
static tf_ualoc_fn tf_ualoc(void) { return ualoc_localizationsToUse; }
#endif

int32_t tf_localizations_to_use(const char *const *preferred, int32_t preferredCount,
                                const char *const *available, int32_t availableCount,
                                const char **out, int32_t outCapacity) {
    tf_ualoc_fn fn = tf_ualoc();
    if (!fn) return -2;
    int status = 0;
    int32_t n = fn(preferred, preferredCount, available, availableCount, out, outCapacity, &status);
    if (status > 0) return -1;  // U_FAILURE: status > U_ZERO_ERROR
    return n < 0 ? -1 : n;
}
