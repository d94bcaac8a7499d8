#ifndef MORPH_CMORPHLWS_H
#define MORPH_CMORPHLWS_H
#include <stddef.h>

/// LWS_PRE is a macro, so Swift cannot see it: every buffer handed to lws_write needs
/// this many writable bytes before the payload.
extern const size_t morph_lws_pre;

#endif
