import CCPUFeatures
import Foundation
import MorphRasterKernel

#if arch(x86_64) && canImport(MorphRasterKernelAVX2)
    import MorphRasterKernelAVX2
#endif

extension CurtainKernel {
    /// The compiled row kernels of the fast path: the same Swift source built once for the
    /// portable baseline and once for AVX2 + FMA, chosen at run time like a C compiler's
    /// function multiversioning, so the shipped portable build runs the wide kernel on CPUs
    /// that have it.
    ///
    /// The AVX2 variant fuses the colour sums' multiply-adds (rounded once instead of twice),
    /// so the variants agree within 1/255 per channel; their geometry is the same.
    public enum Variant: String, CaseIterable, Sendable {
        /// Baseline x86-64 (SSE2) on x86-64; the only variant on other architectures.
        case baseline
        /// `-target-cpu haswell`: AVX2, FMA, BMI1/2, F16C, LZCNT, MOVBE. x86-64 only.
        case avx2

        /// The variant `apply` uses by default: the widest this CPU supports, or `.baseline`
        /// when the environment variable `MORPH_CURTAIN_KERNEL` is `baseline` (for tests and
        /// measurements). Read once per process.
        public static let active: Variant = {
            let forced = ProcessInfo.processInfo.environment["MORPH_CURTAIN_KERNEL"]
            if forced == Variant.baseline.rawValue { return .baseline }
            return Variant.avx2.isSupported ? .avx2 : .baseline
        }()

        /// Whether this build holds the variant and this CPU (and its OS) can run it.
        public var isSupported: Bool {
            switch self {
            case .baseline: return true
            case .avx2:
                #if arch(x86_64) && canImport(MorphRasterKernelAVX2)
                    return Self.cpuSupportsHaswell
                #else
                    return false
                #endif
            }
        }

        private static let cpuSupportsHaswell = morph_cpu_supports_haswell() != 0

        /// `self` when supported, else `.baseline`: a request never runs code the CPU lacks.
        var runnable: Variant { isSupported ? self : .baseline }

        /// The row kernel compiled for this variant.
        var rowKernel: @Sendable (CurtainFrame, Int) -> Void {
            switch self {
            case .baseline: return { MorphRasterKernel.CurtainRows.run($0, band: $1) }
            case .avx2:
                #if arch(x86_64) && canImport(MorphRasterKernelAVX2)
                    return { MorphRasterKernelAVX2.CurtainRows.run($0, band: $1) }
                #else
                    return { MorphRasterKernel.CurtainRows.run($0, band: $1) }
                #endif
            }
        }
    }
}
