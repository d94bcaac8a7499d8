#ifndef MORPH_CCAIRO_SHIM_H
#define MORPH_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
#endif
