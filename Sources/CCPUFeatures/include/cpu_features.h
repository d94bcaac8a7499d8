#ifndef MORPH_CPU_FEATURES_H
#define MORPH_CPU_FEATURES_H

/// 1 when the CPU and the operating system support everything `-target-cpu haswell` code may
/// use (AVX and AVX2 with the YMM state saved by the OS, FMA, F16C, BMI1, BMI2, LZCNT, MOVBE,
/// POPCNT, SSE4.2 and below), else 0; always 0 off x86-64.
int morph_cpu_supports_haswell(void);

#endif
