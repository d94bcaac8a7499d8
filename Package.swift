// swift-tools-version: 6.0
// Morph: three SwiftUI motion components as portable, testable data.
// Module bands point one way (ARCHITECTURE.md): MorphWork <- MorphKit <- MorphServer <- executables.
import PackageDescription

#if arch(x86_64)
    let kernelVariants: [Target.Dependency] = ["MorphRasterKernelAVX2", "MorphRasterKernelAVX512"]
#else
    let kernelVariants: [Target.Dependency] = []
#endif

let package = Package(
    name: "Morph",
    products: [
        .library(name: "MorphKit", targets: ["MorphKit"]),
        .library(name: "MorphCore", targets: ["MorphCore"]),
        .library(name: "MorphJSON", targets: ["MorphJSON"]),
        .library(name: "MorphWork", targets: ["MorphWork"]),
        .executable(name: "morph", targets: ["morph"]),
        .executable(name: "morphd", targets: ["morphd"]),
    ],
    targets: [
        // JSON values, the reader (a cursor whose errors carry paths and byte offsets) and the
        // canonical and compact writers: pure Swift, no Foundation.
        .target(name: "MorphJSON"),
        // One command-line scanner for `morph` and `morphd`, and the "did you mean" they share
        // with MorphKit's component loader: pure Swift, no dependencies.
        .target(name: "MorphArguments"),
        // SHA-256 block compression (own C, no library): replay hashes every frame. The x86
        // SHA extensions where the CPU has them, portable rounds elsewhere, chosen in the C.
        .target(name: "CSHA256"),
        // The one pool of worker threads (`WorkerPool`) and `Locked`: Foundation only, so every
        // module that runs work in parallel (MorphKit's replay, the kernel, the server, `morph
        // check`) shares one set of threads.
        .target(name: "MorphWork"),
        // The value core: geometry, colour, springs, scenes and display lists, text layout, input
        // and gestures. Values and pure functions only: no I/O, no clock, no threads, no
        // process-wide state; a cache is an object its owner passes in.
        .target(name: "MorphCore", dependencies: ["MorphJSON"]),
        // The component runtime over the core, which it re-exports: component files and their
        // language, machines, `ComponentSession`, recordings and replay. Swift and Foundation
        // plus the C file and the pure Swift targets above: importable by any service with
        // nothing else installed. BuiltIn/ holds the built-in components' files, carried as
        // Definition/BuiltInComponents.generated.swift (scripts/bundle_components.py).
        .target(
            name: "MorphKit", dependencies: ["MorphCore", "MorphJSON", "MorphArguments", "CSHA256", "MorphWork"],
            exclude: ["BuiltIn"]),

        // Golden files, manual clock, seeded randomness: shared by every test target.
        .target(name: "MorphTestSupport", dependencies: ["MorphKit"]),

        // libwebsockets through pkg-config, and a small C shim for what Swift cannot import.
        .systemLibrary(
            name: "CWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .target(name: "CMorphLWS", dependencies: ["CWebSockets"]),
        // The curtain kernel's row loops (pure Swift, SIMD), compiled for the portable baseline.
        // Optimised in debug builds too: the SIMD kernel is ~50× slower unoptimised, which a
        // debug morphd streaming tiles (the integration and browser tests) cannot afford.
        .target(name: "MorphRasterKernel", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // CPUID, to choose the kernel variant at run time.
        .target(name: "CCPUFeatures"),
        // RGBA bitmaps, tiles, dirty tiles and the curtain kernel: pure Swift, SIMD, multi-core.
        .target(
            name: "MorphRaster", dependencies: ["MorphKit", "MorphWork", "MorphRasterKernel", "CCPUFeatures"] + kernelVariants,
            exclude: ["README.md"], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // cairo (with its FreeType font backend; pango is avoided: its .pc adds -pthread, which
        // SwiftPM warns about) and libspng, for the server-side renderer.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // libjpeg-turbo (TurboJPEG API) and libwebp: lossy tiles while the curtain moves.
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // zlib: `morph check` stores its baselines' display lists deflated.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Display list -> premultiplied bitmap through cairo; PNG through libspng; tile codecs.
        .target(
            name: "MorphCairo", dependencies: ["MorphKit", "MorphWork", "MorphRaster", "CCairo", "CSpng", "CTurboJPEG", "CWebP"]),
        // Display lists -> SVG (static and SMIL) and Lottie JSON, Inter glyph outlines: pure Swift.
        .target(name: "MorphExport", dependencies: ["MorphKit"]),
        .target(
            name: "MorphServer",
            dependencies: ["MorphArguments", "MorphWork", "MorphKit", "MorphRaster", "MorphCairo", "CWebSockets", "CMorphLWS"]),

        .executableTarget(name: "morphd", dependencies: ["MorphServer"], exclude: ["README.md"]),
        .executableTarget(
            name: "morph",
            dependencies: ["MorphArguments", "MorphWork", "MorphKit", "MorphRaster", "MorphCairo", "CZlib", "MorphExport"],
            exclude: ["Templates"]),
        // `make bench`: speed figures as ratios to a baseline measured in the same process.
        .executableTarget(
            name: "morph-bench", dependencies: ["MorphWork", "MorphKit", "MorphRaster", "MorphCairo", "MorphServer"]),
        // `make fuzz`: libFuzzer targets for the protocol, recordings, configurations, display
        // lists and PNGs (built with -sanitize=fuzzer there); the plain build replays saved inputs.
        .executableTarget(name: "morph-fuzz", dependencies: ["MorphKit", "MorphServer", "MorphExport", "MorphCairo"]),

        .testTarget(name: "MorphTestSupportTests", dependencies: ["MorphTestSupport"]),
        .testTarget(name: "MorphArgumentsTests", dependencies: ["MorphArguments"]),
        .testTarget(name: "MorphWorkTests", dependencies: ["MorphWork"]),
        .testTarget(name: "MorphJSONTests", dependencies: ["MorphJSON", "MorphTestSupport"]),
        .testTarget(
            name: "MorphKitTests",
            dependencies: ["MorphCore", "MorphKit", "MorphTestSupport"],
            exclude: ["__Goldens__", "__Fixtures__"]
        ),
        .testTarget(
            name: "MorphRasterTests", dependencies: ["MorphRaster", "MorphRasterKernel", "MorphWork", "MorphTestSupport"]),
        .testTarget(
            name: "MorphCairoTests", dependencies: ["MorphCairo", "MorphRaster", "MorphTestSupport"],
            exclude: ["__Goldens__"]),
        .testTarget(name: "MorphExportTests", dependencies: ["MorphExport", "MorphTestSupport"]),
        .testTarget(
            name: "MorphServerTests", dependencies: ["MorphServer", "MorphWork", "MorphTestSupport"], exclude: ["__Goldens__"]),
        // Runs the built `morph` executable (found beside the test bundle in .build/<config>;
        // `swift test` builds every product first) and checks its output and exit codes.
        .testTarget(
            name: "MorphCLITests", dependencies: ["MorphKit", "MorphRaster", "MorphCairo", "CZlib", "MorphTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The same row loops again, from the same file (a symbolic link), built for AVX2 + FMA: MorphRaster
// runs this variant when the CPU has those features (`CurtainKernel.Variant`). x86-64 hosts only,
// since `-target-cpu haswell` means nothing elsewhere.
#if arch(x86_64)
    package.targets.append(
        .target(
            name: "MorphRasterKernelAVX2", dependencies: ["MorphRasterKernel"],
            swiftSettings: [
                .define("MORPH_KERNEL_AVX2"), .unsafeFlags(["-target-cpu", "haswell"]),
                .unsafeFlags(["-O"], .when(configuration: .debug)),
            ]))
    // And a third time for x86-64-v4: Haswell's features plus AVX-512 F, BW, CD, DQ and VL, no
    // more (a named AVX-512 CPU such as `znver4` would let the compiler use extensions some
    // AVX-512 CPUs lack, and `skylake-avx512` keeps loops at 256 bits; swiftc takes no
    // `x86-64-v4`). The features go to the Clang importer, which hands them to Swift's code
    // generation and makes the `_mm512` intrinsics available. The AVX2 variant's paths plus
    // `MORPH_KERNEL_AVX512`'s 512-bit ones; MorphRaster runs it when the CPU has those features
    // and the OS saves the ZMM registers.
    let avx512Features = ["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"].flatMap { ["-Xcc", "-m\($0)"] }
    package.targets.append(
        .target(
            name: "MorphRasterKernelAVX512", dependencies: ["MorphRasterKernel"],
            swiftSettings: [
                .define("MORPH_KERNEL_AVX2"), .define("MORPH_KERNEL_AVX512"),
                .unsafeFlags(["-target-cpu", "haswell"] + avx512Features),
                .unsafeFlags(["-O"], .when(configuration: .debug)),
            ]))
#endif
