#include "CMorphLWS.h"
#include <libwebsockets.h>

const size_t morph_lws_pre = LWS_PRE;
