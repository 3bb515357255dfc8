// Apple's localization matcher, the function behind Bundle.preferredLocalizations(from:forPreferences:)
// (CFBundle_Locale.c calls ualoc_localizationsToUse; the rules and data live in Apple's ICU fork,
// swift-foundation-icu's ualoc.cpp). It ships in every Swift toolchain's Foundation: lib_FoundationICU
// on Linux, libicucore on Apple platforms.
#ifndef TYPEFIT_LOCALES_H
#define TYPEFIT_LOCALES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The localizations of `available` to use for the first of `preferred` that matches any (the best
/// first, then its fallbacks), as pointers into `available`. Returns how many were written to `out`
/// (0: no match), -1 on an ICU error, -2 when the matcher is not available on this platform.
int32_t tf_localizations_to_use(const char *const *preferred, int32_t preferredCount,
                                const char *const *available, int32_t availableCount,
                                const char **out, int32_t outCapacity);

#ifdef __cplusplus
}
#endif

#endif
