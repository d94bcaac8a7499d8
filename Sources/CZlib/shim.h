#ifndef MORPH_CZLIB_SHIM_H
#define MORPH_CZLIB_SHIM_H
#include <zlib.h>
#endif
