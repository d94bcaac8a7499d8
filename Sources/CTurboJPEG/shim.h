#ifndef MORPH_CTURBOJPEG_SHIM_H
#define MORPH_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
