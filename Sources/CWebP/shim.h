#ifndef MORPH_CWEBP_SHIM_H
#define MORPH_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/decode.h>
#endif
