#ifndef MORPH_CSPNG_SHIM_H
#define MORPH_CSPNG_SHIM_H
#include <spng.h>
#endif
