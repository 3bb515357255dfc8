/* The Pango side of `make bench-measure` (scripts/bench-measure.sh): lays out every check of a batch
 * with Debian's Pango (PangoFT2, fontconfig limited to typefit's Fonts/ folder) at the same size,
 * width, line limit, line break mode and language as `typefit measure --jsonl`, in the system font
 * stand-in's family (Inter) with fontconfig's fallback for the other scripts, and prints one line per
 * check: line count, shown lines and the layout's logical width and height in points, so the work
 * cannot be skipped.
 *
 *   cc -O2 scripts/pango-measure.c $(pkg-config --cflags --libs pangoft2) -o pango-measure
 *   ./pango-measure FONTS_DIR CACHE_DIR BATCH.tsv > results.txt
 *
 * CACHE_DIR holds fontconfig's cache of FONTS_DIR (written by the first run), so start-up reads the
 * font list as an installed Pango does instead of scanning every font file. Prints to standard error
 * the start-up time and the time per check.
 *
 * BATCH.tsv: size, width, lines (0 = unlimited), mode (word | truncate-tail), language, text. */
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    double start = now();
    if (argc != 4) {
        fprintf(stderr, "usage: pango-measure FONTS_DIR CACHE_DIR BATCH.tsv\n");
        return 2;
    }
    FcConfig *config = FcConfigCreate();
    char xml[8192];
    snprintf(xml, sizeof xml, "<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>", argv[1], argv[2]);
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)xml, FcTrue) || !FcConfigBuildFonts(config)) {
        fprintf(stderr, "pango-measure: cannot read the fonts in %s\n", argv[1]);
        return 2;
    }
    PangoFontMap *fontmap = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);
    /* 72 dpi: one Pango point is one typefit point. */
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(fontmap), 72, 72);
    PangoContext *context = pango_font_map_create_context(fontmap);
    PangoFontDescription *font = pango_font_description_from_string("Inter");

    double ready = now();
    FILE *in = fopen(argv[3], "r");
    if (!in) {
        perror(argv[3]);
        return 2;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long checks = 0;
    while ((length = getline(&line, &capacity, in)) > 0) {
        if (line[length - 1] == '\n') line[--length] = 0;
        char *fields[6];
        char *p = line;
        for (int i = 0; i < 5; i++) {
            fields[i] = p;
            p = strchr(p, '\t');
            if (!p) {
                fprintf(stderr, "pango-measure: line %ld has fewer than 6 fields\n", checks + 1);
                return 2;
            }
            *p++ = 0;
        }
        fields[5] = p;
        double size = atof(fields[0]), width = atof(fields[1]);
        int lines = atoi(fields[2]);
        int truncate = strcmp(fields[3], "truncate-tail") == 0;

        pango_context_set_language(context, pango_language_from_string(fields[4]));
        PangoLayout *layout = pango_layout_new(context);
        pango_font_description_set_size(font, (int)(size * PANGO_SCALE));
        pango_layout_set_font_description(layout, font);
        pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        if (lines > 0) {
            pango_layout_set_height(layout, -lines);
            if (truncate) pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        }
        pango_layout_set_text(layout, fields[5], (int)length - (int)(fields[5] - line));
        PangoRectangle logical;
        pango_layout_get_extents(layout, NULL, &logical);
        printf("%d %d %.2f %.2f\n", pango_layout_get_line_count(layout), pango_layout_is_ellipsized(layout),
               logical.width / (double)PANGO_SCALE, logical.height / (double)PANGO_SCALE);
        g_object_unref(layout);
        checks++;
    }
    free(line);
    fclose(in);
    pango_font_description_free(font);
    g_object_unref(context);
    g_object_unref(fontmap);
    double end = now();
    fprintf(stderr, "pango-measure: %ld checks; start-up %.1f ms, %.1f us per check\n", checks, (ready - start) * 1e3,
            (end - ready) * 1e6 / (checks ? checks : 1));
    return 0;
}
