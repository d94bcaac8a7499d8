import MorphKit

/// How far a written property may stray from the sampled values, and how finely it is printed.
struct Precision: Sendable {
    /// The largest difference, per component, between any sampled frame and what a player draws.
    var tolerance: Double
    /// Decimals written; the rounding (half of 10^-digits) is part of the error that is checked.
    var digits: Int
    /// Values drawn exactly on every frame that samples them: a layer fully opaque or fully
    /// transparent stays so (rlottie composites a layer even slightly translucent under a
    /// mask differently, losing alpha over the whole mask).
    var pinned: [Double] = []

    /// Positions, sizes and path vertices and control points, in points.
    static let points = Precision(tolerance: 0.25, digits: 3)
    /// A group transform's position: half the point budget, the other half is the scale's.
    static let position = Precision(tolerance: 0.12, digits: 3)
    /// Colour components and gradient stops, 0...1.
    static let unit = Precision(tolerance: 1 / 255, digits: 3)
    /// Opacity in Lottie's percent.
    static let percent = Precision(tolerance: 100 / 255, digits: 2, pinned: [0, 100])
    /// Gaussian blurriness (σ / 0.3): σ within 0.075 pt.
    static let blurriness = Precision(tolerance: 0.25, digits: 2)

    /// A scale in percent such that no point within `extent` of the origin moves more than
    /// `budget` points.
    static func scale(extent: Double, budget: Double = 0.12) -> Precision {
        Precision(tolerance: 100 * budget / Swift.max(extent, 1), digits: 4)
    }

    /// A tolerance in a space `factor` times finer than points (an image's pixels).
    func scaled(by factor: Double) -> Precision {
        Precision(tolerance: tolerance * factor, digits: digits, pinned: pinned)
    }

    func round(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let scale = Self.powers[Swift.min(Swift.max(digits, 0), Self.powers.count - 1)]
        // Dividing by the power (not multiplying by its inverse) gives the double nearest the
        // decimal, which prints shortest.
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]
}

/// Keyframes only where the motion needs them: the sampled values of one property on
/// consecutive frames, fitted greedily with eased (cubic bezier) or linear segments between
/// kept frames, each segment accepted only when every sampled frame inside it is drawn within
/// the tolerance (evaluated with the handles and values exactly as written).
enum Keyframes {
    /// A kept frame and the easing to the next one (`nil` on the last).
    struct Key: Equatable {
        var frame: Int
        var ease: Ease?
    }

    /// Bezier easing handles: out (x1, y1) of this key, in (x2, y2) of the next.
    struct Ease: Equatable {
        var x1: Double, y1: Double, x2: Double, y2: Double

        /// `(0,0)`–`(1,1)`: the straight line, `y = x`.
        static let linear = Ease(x1: 0, y1: 0, x2: 1, y2: 1)

        /// The eased fraction at time fraction `x`, as players evaluate it: the curve's
        /// parameter where its x is `x` (Newton, then bisection), then its y there.
        func value(at x: Double) -> Double {
            if self == .linear { return x }
            func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
                let v = 1 - u
                return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
            }
            var u = x
            for _ in 0..<8 {
                let error = bezier(u, x1, x2) - x
                if abs(error) < 1e-12 { break }
                let v = 1 - u
                let slope = 3 * v * v * x1 + 6 * v * u * (x2 - x1) + 3 * u * u * (1 - x2)
                guard abs(slope) > 1e-6 else { break }
                u = Swift.min(1, Swift.max(0, u - error / slope))
            }
            if abs(bezier(u, x1, x2) - x) > 1e-9 {
                var low = 0.0
                var high = 1.0
                for _ in 0..<60 {
                    u = (low + high) / 2
                    if bezier(u, x1, x2) < x { low = u } else { high = u }
                }
            }
            return bezier(u, y1, y2)
        }
    }

    /// The kept frames of `exact` (per frame, the property's components), whose written form
    /// is `written` (the same values rounded); nil when one static value is within tolerance
    /// on every frame. `truth` is what the fit must stay near: `exact`, or `written` to keep
    /// every change (no reduction).
    static func reduce(written: [[Double]], truth: [[Double]], tolerance: Double, pinned: [Double] = []) -> [Key]? {
        let count = written.count
        let fits = Fit(written: written, truth: truth, tolerance: tolerance, pinned: pinned)
        if truth.allSatisfy({ fits.within($0, written[0]) }) { return nil }
        var keys: [Key] = []
        var start = 0
        while start < count - 1 {
            // Gallop (2, 4, 8, ... frames), then bisect between the longest fit and the first
            // failure: a segment of one frame always fits (no sampled frame inside).
            var good = (end: start + 1, ease: Ease.linear)
            var bad: Int?
            var length = 2
            while good.end < count - 1 {
                let end = Swift.min(start + length, count - 1)
                if let ease = fits.ease(start, end) {
                    good = (end, ease)
                    if end == count - 1 { break }
                    length *= 2
                } else {
                    bad = end
                    break
                }
            }
            if var high = bad {
                while high - good.end > 1 {
                    let middle = (good.end + high) / 2
                    if let ease = fits.ease(start, middle) { good = (middle, ease) } else { high = middle }
                }
            }
            keys.append(Key(frame: start, ease: good.ease))
            start = good.end
        }
        keys.append(Key(frame: count - 1, ease: nil))
        return keys
    }

    /// The segments' test: sampled values, what is written, and what a drawn value must meet.
    private struct Fit {
        var written: [[Double]]
        var truth: [[Double]]
        var tolerance: Double
        var pinned: [Double]

        /// Whether `drawn` stands for `sampled`: within tolerance, and exactly a pinned value
        /// where the sample is one.
        func close(_ drawn: Double, _ sampled: Double) -> Bool {
            abs(drawn - sampled) <= tolerance && (drawn == sampled || !pinned.contains(sampled))
        }

        func within(_ sampled: [Double], _ drawn: [Double]) -> Bool {
            zip(drawn, sampled).allSatisfy { close($0, $1) }
        }

        /// Handles for the segment `start...end`, or nil when neither a fitted ease nor a
        /// straight line keeps every frame inside it within tolerance.
        func ease(_ start: Int, _ end: Int) -> Ease? {
            let from = written[start]
            let to = written[end]
            if end == start + 1 { return .linear }
            // The x handles at 1/3 and 2/3 make the curve's x its parameter, so y is a cubic in time
            // through (0, 0) and (1, 1); its two free handles by least squares over every component.
            var m11 = 0.0
            var m12 = 0.0
            var m22 = 0.0
            var r1 = 0.0
            var r2 = 0.0
            let span = Double(end - start)
            for frame in (start + 1)..<end {
                let x = Double(frame - start) / span
                let b1 = 3 * (1 - x) * (1 - x) * x
                let b2 = 3 * (1 - x) * x * x
                let b3 = x * x * x
                for component in from.indices {
                    let delta = to[component] - from[component]
                    guard delta != 0 else { continue }
                    let residual = truth[frame][component] - from[component] - delta * b3
                    m11 += delta * delta * b1 * b1
                    m12 += delta * delta * b1 * b2
                    m22 += delta * delta * b2 * b2
                    r1 += delta * b1 * residual
                    r2 += delta * b2 * residual
                }
            }
            var candidates: [Ease] = []
            let determinant = m11 * m22 - m12 * m12
            if determinant > 1e-12 * Swift.max(1, m11 * m22) {
                let y1 = (r1 * m22 - r2 * m12) / determinant
                let y2 = (m11 * r2 - m12 * r1) / determinant
                if y1.isFinite, y2.isFinite, abs(y1) < 100, abs(y2) < 100 {
                    let handle = Precision(tolerance: 0, digits: 4)
                    candidates.append(Ease(x1: 0.3333, y1: handle.round(y1), x2: 0.6667, y2: handle.round(y2)))
                }
            }
            candidates.append(.linear)
            return candidates.first { ease in
                for frame in (start + 1)..<end {
                    let eased = ease.value(at: Double(frame - start) / span)
                    for component in from.indices {
                        let drawn = from[component] + (to[component] - from[component]) * eased
                        if !close(drawn, truth[frame][component]) { return false }
                    }
                }
                return true
            }
        }
    }

    /// A Lottie property over frames `firstFrame...`: `{"a": 0, "k": value}` when one value
    /// holds throughout, else keyframes at the kept frames.
    /// `json` prints a written value; `keyed` wraps it as a keyframe's `s` (always an array).
    static func property(
        _ samples: [[Double]], firstFrame: Int, precision: Precision, reduce: Bool, json: ([Double]) -> JSONValue,
        keyed: (JSONValue) -> JSONValue
    ) -> JSONValue {
        let written = samples.map { $0.map(precision.round) }
        guard
            let keys = reduce
                ? Self.reduce(written: written, truth: samples, tolerance: precision.tolerance, pinned: precision.pinned)
                : Self.reduce(written: written, truth: written, tolerance: 0)
        else {
            return .object([.init("a", .number(0)), .init("k", json(written[0]))])
        }
        let keyframes: [JSONValue] = keys.map { key in
            var members: [JSONValue.Member] = [
                .init("t", .number(Double(firstFrame + key.frame))), .init("s", keyed(json(written[key.frame]))),
            ]
            if let ease = key.ease {
                members += [
                    .init("o", .object([.init("x", .array([.number(ease.x1)])), .init("y", .array([.number(ease.y1)]))])),
                    .init("i", .object([.init("x", .array([.number(ease.x2)])), .init("y", .array([.number(ease.y2)]))])),
                ]
            }
            return .object(members)
        }
        return .object([.init("a", .number(1)), .init("k", .array(keyframes))])
    }
}
