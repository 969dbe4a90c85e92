// The module is its header (`include/Prefetch.h`), which holds only an inline function; a C
// target needs one source file.
#include "Prefetch.h"
