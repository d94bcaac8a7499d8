// CPUID in C: Swift has no intrinsic for it. Used once per process to choose the curtain
// kernel's variant (MorphRaster's `CurtainKernel.Variant`).
#include "cpu_features.h"

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned long long extended_control_register0(void) {
    unsigned int low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((unsigned long long)high << 32) | low;
}

int morph_cpu_supports_haswell(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int leaf1 = bit_SSE3 | bit_SSSE3 | bit_FMA | bit_CMPXCHG16B | bit_SSE4_1 | bit_SSE4_2
        | bit_MOVBE | bit_POPCNT | bit_OSXSAVE | bit_AVX | bit_F16C;
    if ((ecx & leaf1) != leaf1) return 0;
    // The OS must save the XMM and YMM registers on a context switch (XCR0 bits 1 and 2).
    if ((extended_control_register0() & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int leaf7 = bit_AVX2 | bit_BMI | bit_BMI2;
    if ((ebx & leaf7) != leaf7) return 0;
    if (!__get_cpuid(0x80000001, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_LZCNT) != 0;
}

int morph_cpu_supports_x86_64_v4(void) {
    if (!morph_cpu_supports_haswell()) return 0;
    // The OS must also save the opmask registers and all 32 ZMM registers in full (XCR0 bits
    // 5, 6 and 7), besides XMM and YMM.
    if ((extended_control_register0() & 0xE6) != 0xE6) return 0;
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int leaf7 = bit_AVX512F | bit_AVX512DQ | bit_AVX512CD | bit_AVX512BW | bit_AVX512VL;
    return (ebx & leaf7) == leaf7;
}
#else
int morph_cpu_supports_haswell(void) { return 0; }
int morph_cpu_supports_x86_64_v4(void) { return 0; }
#endif
