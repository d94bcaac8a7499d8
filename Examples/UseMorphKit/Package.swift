// swift-tools-version: 6.0
// A service that uses Morph as a package dependency: the README's "Use the library" example.
// `make test` builds and runs it against this repository by path, so the example cannot rot;
// elsewhere, depend on the repository's URL instead of the path.
import PackageDescription

let package = Package(
    name: "UseMorphKit",
    dependencies: [
        .package(name: "Morph", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "use-morphkit",
            dependencies: [.product(name: "MorphKit", package: "Morph")]
        )
    ],
    swiftLanguageModes: [.v6]
)
