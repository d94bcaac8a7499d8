/// `morph spring --svg`: value (top) and velocity (bottom) over time as two polylines.
///
/// Coordinates are rounded to 0.01 with the same hand-written number text as the JSON, so the
/// file is byte-identical on every run.
enum SpringPlot {
    static let width = 640.0
    static let panelHeight = 200.0
    static let margin = 40.0

    static func svg(samples: [SpringSample]) -> String {
        let height = 2 * panelHeight + 3 * margin
        var text =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(jsonNumber(width))\" height=\"\(jsonNumber(height))\" viewBox=\"0 0 \(jsonNumber(width)) \(jsonNumber(height))\">\n"
        text += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        text += panel(title: "value", samples: samples, top: margin, color: "#2f6fed") { $0.value }
        text += panel(title: "velocity", samples: samples, top: 2 * margin + panelHeight, color: "#e2543b") { $0.velocity }
        text += "</svg>\n"
        return text
    }

    private static func panel(
        title: String, samples: [SpringSample], top: Double, color: String,
        _ quantity: (SpringSample) -> Double
    ) -> String {
        let plotWidth = width - 2 * margin
        let times = samples.map(\.time)
        let values = samples.map(quantity).filter(\.isFinite)
        let minTime = times.min() ?? 0, maxTime = times.max() ?? 1
        var low = min(values.min() ?? 0, 0), high = max(values.max() ?? 1, 0)
        if high - low < 1e-12 { high = low + 1 }
        let timeSpan = maxTime - minTime > 0 ? maxTime - minTime : 1
        func x(_ t: Double) -> String { roundedNumber(margin + (t - minTime) / timeSpan * plotWidth, places: 2) }
        func y(_ v: Double) -> String { roundedNumber(top + (high - v) / (high - low) * panelHeight, places: 2) }

        var text = "<g>\n"
        text +=
            "<rect x=\"\(jsonNumber(margin))\" y=\"\(jsonNumber(top))\" width=\"\(jsonNumber(plotWidth))\" height=\"\(jsonNumber(panelHeight))\" fill=\"none\" stroke=\"#cccccc\"/>\n"
        text +=
            "<line x1=\"\(jsonNumber(margin))\" y1=\"\(y(0))\" x2=\"\(jsonNumber(margin + plotWidth))\" y2=\"\(y(0))\" stroke=\"#999999\" stroke-dasharray=\"4 4\"/>\n"
        text +=
            "<text x=\"\(jsonNumber(margin))\" y=\"\(jsonNumber(top - 8))\" font-family=\"sans-serif\" font-size=\"13\">\(title) (\(roundedNumber(low, places: 3)) … \(roundedNumber(high, places: 3)); t \(roundedNumber(minTime, places: 3)) … \(roundedNumber(maxTime, places: 3)) s)</text>\n"
        let points = samples.filter { quantity($0).isFinite }.map { "\(x($0.time)),\(y(quantity($0)))" }.joined(separator: " ")
        text += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points)\"/>\n"
        text += "</g>\n"
        return text
    }
}
