#ifndef MORPH_CPU_FEATURES_H
#define MORPH_CPU_FEATURES_H

/// 1 when the CPU and the operating system support everything `-target-cpu haswell` code may
/// use (AVX and AVX2 with the YMM state saved by the OS, FMA, F16C, BMI1, BMI2, LZCNT, MOVBE,
/// POPCNT, SSE4.2 and below), else 0; always 0 off x86-64.
int morph_cpu_supports_haswell(void);

/// 1 when, besides everything `morph_cpu_supports_haswell` checks, the CPU has what
/// `-target-cpu x86-64-v4` code may use (AVX-512 F, BW, CD, DQ and VL) and the OS saves the
/// opmask and ZMM registers, else 0; always 0 off x86-64.
int morph_cpu_supports_x86_64_v4(void);

#endif
