#include <png.h>

// The simplified API's constants are macro expressions, which Swift does not import.
static inline unsigned int errand_png_version(void) { return PNG_IMAGE_VERSION; }
static inline unsigned int errand_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
