import MorphKit

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
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(JSONText.number(width))\" height=\"\(JSONText.number(height))\" viewBox=\"0 0 \(JSONText.number(width)) \(JSONText.number(height))\">\n"
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
        func x(_ t: Double) -> String { JSONText.number(margin + (t - minTime) / timeSpan * plotWidth, places: 2) }
        func y(_ v: Double) -> String { JSONText.number(top + (high - v) / (high - low) * panelHeight, places: 2) }

        var text = "<g>\n"
        text +=
            "<rect x=\"\(JSONText.number(margin))\" y=\"\(JSONText.number(top))\" width=\"\(JSONText.number(plotWidth))\" height=\"\(JSONText.number(panelHeight))\" fill=\"none\" stroke=\"#cccccc\"/>\n"
        text +=
            "<line x1=\"\(JSONText.number(margin))\" y1=\"\(y(0))\" x2=\"\(JSONText.number(margin + plotWidth))\" y2=\"\(y(0))\" stroke=\"#999999\" stroke-dasharray=\"4 4\"/>\n"
        text +=
            "<text x=\"\(JSONText.number(margin))\" y=\"\(JSONText.number(top - 8))\" font-family=\"sans-serif\" font-size=\"13\">\(title) (\(JSONText.number(low, places: 3)) … \(JSONText.number(high, places: 3)); t \(JSONText.number(minTime, places: 3)) … \(JSONText.number(maxTime, places: 3)) s)</text>\n"
        let points = samples.filter { quantity($0).isFinite }.map { "\(x($0.time)),\(y(quantity($0)))" }.joined(separator: " ")
        text += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points)\"/>\n"
        text += "</g>\n"
        return text
    }
}
