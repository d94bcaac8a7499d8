import Foundation  // atan2
import MorphKit

// `image` ops as Lottie image layers over embedded PNG assets. The layer draws the asset at its
// pixel size in its own space; the layer transform scales that into the op's rect and applies
// the enclosing groups' transform, and the groups' clips become masks in that same space.
extension LottieWriter {
    /// A PNG embedded in the animation's `assets`, by the id its image layers name.
    struct EmbeddedImage: Hashable, Sendable {
        var id: String
        var pixelWidth: Int
        var pixelHeight: Int
        var png: [UInt8]

        /// `{"id", "w", "h", "u", "p", "e": 1}`: the picture inline as a base64 data URI.
        var json: JSONValue {
            .object([
                .init("id", .string(id)), .init("w", .number(Double(pixelWidth))), .init("h", .number(Double(pixelHeight))),
                .init("u", .string("")), .init("p", .string(ImageSource.dataURI(png: png))), .init("e", .number(1)),
            ])
        }
    }

    /// One asset per distinct source the frames draw, numbered in order of first appearance.
    /// A source with no bytes (a file missing from `images`) or that is not a PNG is left out.
    func imageAssets(in frames: [DisplayList]) -> [String: EmbeddedImage] {
        var assets: [String: EmbeddedImage] = [:]
        var refused: Set<String> = []
        for list in frames {
            for case .image(let image) in list.ops where assets[image.source] == nil && !refused.contains(image.source) {
                let bytes: [UInt8]?
                switch ImageSource.parse(image.source) {
                case .success(.inline(let inline)): bytes = inline
                case .success(.file): bytes = images[image.source]
                case .failure: bytes = nil
                }
                guard let bytes, let asset = try? ImageAsset(source: image.source, png: bytes) else {
                    refused.insert(image.source)
                    continue
                }
                let id = "image_\(assets.count)"
                assets[image.source] = EmbeddedImage(
                    id: id, pixelWidth: asset.pixelWidth, pixelHeight: asset.pixelHeight, png: bytes)
            }
        }
        return assets
    }
}

extension LottieWriter.Leaf {
    /// From the asset's pixel space to the viewport: scaled into the op's rect, then through
    /// the groups' transform.
    var imagePlacement: MorphKit.AffineTransform {
        guard case .image(let image, let rect) = kind else { return transform }
        let placement = MorphKit.AffineTransform(
            a: rect.width / Double(image.pixelWidth), b: 0, c: 0, d: rect.height / Double(image.pixelHeight),
            tx: rect.minX, ty: rect.minY)
        return transform.concatenating(after: placement)
    }

    /// The placement as Lottie's position, rotation (degrees, clockwise on screen) and scale
    /// (percent): `M = translate(p) · rotate(r) · scale(s)`. A skew, which no component makes
    /// today, has no term here and is dropped.
    var imageLayerTransform: (position: Point, rotation: Double, scale: (x: Double, y: Double)) {
        let m = imagePlacement
        let scaleX = (m.a * m.a + m.b * m.b).squareRoot()
        guard scaleX > 0 else { return (Point(x: m.tx, y: m.ty), 0, (0, 0)) }
        let scaleY = (m.a * m.d - m.b * m.c) / scaleX
        return (Point(x: m.tx, y: m.ty), atan2(m.b, m.a) * 180 / .pi, (scaleX * 100, scaleY * 100))
    }

    /// A viewport contour in the image layer's own (pixel) space, where Lottie applies masks.
    /// A degenerate placement draws nothing; the contour is then left as it is.
    func inImageSpace(_ contour: Bezier) -> Bezier {
        let m = imagePlacement
        let determinant = m.a * m.d - m.b * m.c
        guard abs(determinant) > 1e-12, determinant.isFinite else { return contour }
        let inverse = MorphKit.AffineTransform(
            a: m.d / determinant, b: -m.b / determinant, c: -m.c / determinant, d: m.a / determinant,
            tx: (m.c * m.ty - m.d * m.tx) / determinant, ty: (m.b * m.tx - m.a * m.ty) / determinant)
        return contour.applying(inverse)
    }
}

extension LottieWriter.Track {
    /// An image layer (`ty` 2) showing `image` over the track's frames: the op's rect through
    /// the layer transform, the groups' opacity as the layer's, their clips as masks.
    func imageLayer(index: Int, image: LottieWriter.EmbeddedImage) -> JSONValue {
        let first = leaves[0]
        // The point budget shared out: position 0.12 pt, the scale and the rotation each what
        // moves the farthest corner of the picture 0.06 pt; masks in pixels, at the largest scale.
        let placements = leaves.map(\.imageLayerTransform)
        let largest = placements.reduce(0.0) { Swift.max($0, abs($1.scale.x), abs($1.scale.y)) } / 100
        let pixels = Double(Swift.max(image.pixelWidth, image.pixelHeight))
        let reach = Swift.max(1, pixels * largest * 2.squareRoot())
        let rotation = Precision(tolerance: 0.06 / reach * 180 / .pi, digits: 4)
        let members: [JSONValue.Member] = [
            .init("ddd", .number(0)), .init("ind", .number(Double(index))), .init("ty", .number(2)),
            .init("nm", .string(first.key)), .init("refId", .string(image.id)), .init("sr", .number(1)),
            .init(
                "ks",
                .object([
                    .init("o", layerOpacity),
                    .init("r", property(rotation) { [$0.imageLayerTransform.rotation] }),
                    .init(
                        "p", property(.position) { [$0.imageLayerTransform.position.x, $0.imageLayerTransform.position.y, 0] }),
                    .init("a", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0), .number(0)]))])),
                    .init(
                        "s",
                        property(.scale(extent: pixels * 2.squareRoot(), budget: 0.06)) {
                            [$0.imageLayerTransform.scale.x, $0.imageLayerTransform.scale.y, 100]
                        }),
                ])),
            .init("ao", .number(0)),
            .init("ip", .number(Double(firstFrame))), .init("op", .number(Double(lastFrame + 1))),
            .init("st", .number(0)), .init("bm", .number(0)),
        ]
        let maskPrecision = Precision.points.scaled(by: 1 / Swift.max(largest, 1e-6))
        return .object(members + maskMembers(maskPrecision) { leaf, contour in leaf.inImageSpace(contour) })
    }
}
