import CCPUFeatures
import Foundation
import MorphRasterKernel

#if arch(x86_64) && canImport(MorphRasterKernelAVX2)
    import MorphRasterKernelAVX2
#endif
#if arch(x86_64) && canImport(MorphRasterKernelAVX512)
    import MorphRasterKernelAVX512
#endif

extension CurtainKernel {
    /// The compiled row kernels of the fast path: the same Swift source built for the portable
    /// baseline, for AVX2 + FMA and for AVX-512, chosen at run time like a C compiler's
    /// function multiversioning, so the shipped portable build runs the widest kernel the CPU
    /// has.
    ///
    /// The AVX2 and AVX-512 variants fuse the colour sums' multiply-adds (rounded once instead
    /// of twice), so they agree with the baseline within 1/255 per channel; their geometry is
    /// the same. The AVX-512 variant gives the AVX2 variant's bytes exactly.
    public enum Variant: String, CaseIterable, Sendable {
        /// Baseline x86-64 (SSE2) on x86-64; the only variant on other architectures.
        case baseline
        /// `-target-cpu haswell`: AVX2, FMA, BMI1/2, F16C, LZCNT, MOVBE. x86-64 only.
        case avx2
        /// `-target-cpu x86-64-v4`: the above plus AVX-512 F, BW, CD, DQ, VL. x86-64 only.
        case avx512

        /// The variant `apply` uses by default: the widest this CPU supports, or the one the
        /// environment variable `MORPH_CURTAIN_KERNEL` names (`baseline`, `avx2`, `avx512`; for
        /// tests and measurements) when this CPU runs it. Read once per process.
        public static let active: Variant = {
            if let forced = ProcessInfo.processInfo.environment["MORPH_CURTAIN_KERNEL"].flatMap(Variant.init(rawValue:)) {
                return forced.runnable
            }
            return widest
        }()

        /// The widest variant this build holds and this CPU runs.
        public static var widest: Variant { allCases.last { $0.isSupported } ?? .baseline }

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
            case .avx512:
                #if arch(x86_64) && canImport(MorphRasterKernelAVX512)
                    return Self.cpuSupportsX86_64V4
                #else
                    return false
                #endif
            }
        }

        /// Whether this CPU and its OS can run the variant's instructions, whether or not this
        /// build holds it (so a test can tell a missing variant from an unsupported CPU).
        public var cpuSupports: Bool {
            switch self {
            case .baseline: return true
            case .avx2: return Self.cpuSupportsHaswell
            case .avx512: return Self.cpuSupportsX86_64V4
            }
        }

        private static let cpuSupportsHaswell = morph_cpu_supports_haswell() != 0
        private static let cpuSupportsX86_64V4 = morph_cpu_supports_x86_64_v4() != 0

        /// `self` when supported, else the widest narrower one that is: a request never runs
        /// code the CPU lacks.
        var runnable: Variant { isSupported ? self : (Self.allCases.last { $0.isSupported && $0 < self } ?? .baseline) }

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
            case .avx512:
                #if arch(x86_64) && canImport(MorphRasterKernelAVX512)
                    return { MorphRasterKernelAVX512.CurtainRows.run($0, band: $1) }
                #else
                    return { MorphRasterKernel.CurtainRows.run($0, band: $1) }
                #endif
            }
        }
    }
}

extension CurtainKernel.Variant: Comparable {
    /// Narrower before wider, in declaration order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
