import Foundation
import MorphCairo
import MorphKit

/// Frames drawn through cairo at 1 pixel per point, compared, shrunk and inlined: the
/// pictures of `morph check --pixels`, its report and `morph replay --filmstrip`.
enum CheckImages {
    static func draw(_ bytes: [UInt8], _ renderer: DisplayListRenderer, scale: Int = 1) throws -> StraightImage {
        StraightImage(premultiplied: try renderer.render(try DisplayList(json: bytes), scale: scale))
    }

    /// Pixels where some channel differs by more than `tolerance`; every pixel when the
    /// sizes differ.
    static func differingPixels(_ a: StraightImage, _ b: StraightImage, tolerance: Int) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
        var count = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var index = 0
                while index < p.count {
                    for channel in 0..<4 where abs(Int(p[index + channel]) - Int(q[index + channel])) > tolerance {
                        count += 1
                        break
                    }
                    index += 4
                }
            }
        }
        return count
    }

    /// The new frame faded to light grey, with every pixel that differs (beyond `tolerance`)
    /// in solid red.
    static func difference(_ a: StraightImage, _ b: StraightImage, tolerance: Int) -> StraightImage {
        let width = max(a.width, b.width), height = max(a.height, b.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let out = (y * width + x) * 4
                guard x < a.width, y < a.height, x < b.width, y < b.height else {
                    pixels[out] = 255
                    pixels[out + 1] = 0
                    pixels[out + 2] = 0
                    continue
                }
                let i = (y * a.width + x) * 4, j = (y * b.width + x) * 4
                var differs = false
                for channel in 0..<4 where abs(Int(a.pixels[i + channel]) - Int(b.pixels[j + channel])) > tolerance {
                    differs = true
                }
                if differs {
                    pixels[out] = 255
                    pixels[out + 1] = 0
                    pixels[out + 2] = 0
                } else {
                    let luma = (299 * Int(b.pixels[j]) + 587 * Int(b.pixels[j + 1]) + 114 * Int(b.pixels[j + 2])) / 1000
                    let grey = UInt8(191 + luma / 4)
                    pixels[out] = grey
                    pixels[out + 1] = grey
                    pixels[out + 2] = grey
                }
            }
        }
        return StraightImage(width: width, height: height, pixels: pixels)
    }

    /// `image` shrunk by an integer `factor`, averaging each factor×factor block.
    static func shrink(_ image: StraightImage, by factor: Int) -> StraightImage {
        guard factor > 1 else { return image }
        let width = max(1, image.width / factor), height = max(1, image.height / factor)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var sums = [0, 0, 0, 0]
                var n = 0
                for dy in 0..<factor where y * factor + dy < image.height {
                    for dx in 0..<factor where x * factor + dx < image.width {
                        let i = ((y * factor + dy) * image.width + x * factor + dx) * 4
                        for c in 0..<4 { sums[c] += Int(image.pixels[i + c]) }
                        n += 1
                    }
                }
                for c in 0..<4 { pixels[(y * width + x) * 4 + c] = UInt8((sums[c] + n / 2) / max(n, 1)) }
            }
        }
        return StraightImage(width: width, height: height, pixels: pixels)
    }

    /// A `data:` URI of the image as PNG.
    static func dataURI(_ image: StraightImage) throws -> String {
        "data:image/png;base64," + Data(try PNGEncoder.encode(image)).base64EncodedString()
    }
}
