#ifndef MORPH_CWEBSOCKETS_SHIM_H
#define MORPH_CWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
#endif
