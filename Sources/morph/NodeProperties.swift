import Foundation
import MorphKit

/// Geometry and opacity of every identified op in a display list, in viewport points: what
/// `morph check`'s report and `morph plot` draw over time.
///
/// - `x`, `y`, `width`, `height`: the bounds of the op's path (a group: its clip, else its
///   origin) after every enclosing transform.
/// - `opacity`: the product of the enclosing groups' opacities (and a group's own).
/// - `cornerRadius`: for a rounded-rectangle path (which starts on the top edge, clockwise),
///   how far the top-leading corner reaches along the top edge, in points. That is the radius
///   for circular corners and 1.528665 × the radius for continuous ones.
enum NodeProperties {
    static let names = ["x", "y", "width", "height", "opacity", "cornerRadius"]

    /// Property values by op id, then by property name; the first op with an id wins.
    static func extract(_ list: DisplayList) -> [String: [String: Double]] {
        var result: [String: [String: Double]] = [:]
        var stack: [(transform: MorphKit.AffineTransform, opacity: Double)] = [(MorphKit.AffineTransform.identity, 1)]
        func record(_ id: String, _ values: [String: Double]) {
            if result[id] == nil { result[id] = values }
        }
        func shape(_ path: Path, _ transform: MorphKit.AffineTransform, opacity: Double) -> [String: Double] {
            let bounds = path.applying(transform).controlPointBounds
            var values = ["x": bounds.minX, "y": bounds.minY, "width": bounds.width, "height": bounds.height, "opacity": opacity]
            let local = path.controlPointBounds
            if case .move(let start)? = path.elements.first, abs(start.y - local.minY) < 1e-9, path.elements.count > 4 {
                let scale = (transform.a * transform.a + transform.b * transform.b).squareRoot()
                values["cornerRadius"] = (start.x - local.minX) * scale
            }
            return values
        }
        for op in list.ops {
            let top = stack[stack.count - 1]
            switch op {
            case .push(let group):
                let transform = top.transform.concatenating(after: group.transform)
                let opacity = top.opacity * group.opacity
                if let clip = group.clip {
                    record(group.id, shape(clip, transform, opacity: opacity))
                } else {
                    record(group.id, ["x": transform.tx, "y": transform.ty, "opacity": opacity])
                }
                stack.append((transform, opacity))
            case .pop:
                if stack.count > 1 { stack.removeLast() }
            case .fill(let fill): record(fill.id, shape(fill.path, top.transform, opacity: top.opacity))
            case .stroke(let stroke): record(stroke.id, shape(stroke.path, top.transform, opacity: top.opacity))
            case .text(let text):
                let origin = top.transform.apply(to: Point(x: text.lines.first?.x ?? 0, y: text.lines.first?.y ?? 0))
                record(text.id, ["x": origin.x, "y": origin.y, "opacity": top.opacity])
            case .image(let image): record(image.id, shape(Path(rect: image.rect), top.transform, opacity: top.opacity))
            }
        }
        return result
    }

    /// Op kinds by id, for listing changed ops.
    static func kinds(_ list: DisplayList) -> [String: String] {
        var kinds: [String: String] = [:]
        for op in list.ops {
            let kind: String
            switch op {
            case .push: kind = "group"
            case .pop: continue
            case .fill: kind = "fill"
            case .stroke: kind = "stroke"
            case .text: kind = "text"
            case .image: kind = "image"
            }
            if let id = op.id, kinds[id] == nil { kinds[id] = kind }
        }
        return kinds
    }
}

/// A multi-series line chart as SVG text: one panel per chart, each series a polyline,
/// coordinates rounded to 0.01 so output is byte-identical on every run.
enum LinePlot {
    struct Series {
        var label: String
        var color: String
        var dashed = false
        /// (time, value); nil values break the line (the node was absent).
        var points: [(Double, Double?)]
    }

    struct Chart {
        var title: String
        var series: [Series]
    }

    static let palette = ["#2f6fed", "#e2543b", "#1f9d55", "#a23fd1", "#d18f00", "#0d8a8a", "#c2185b", "#5d4037"]

    /// Charts stacked vertically in one SVG document.
    static func svg(_ charts: [Chart], width: Double = 640, panelHeight: Double = 160) -> String {
        let margin = 44.0
        let legend = 16.0 * Double(charts.map(\.series.count).max() ?? 1)
        let rowHeight = panelHeight + 2 * margin + legend
        let height = Double(charts.count) * rowHeight
        var text =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(JSONText.number(width))\" height=\"\(JSONText.number(height))\" viewBox=\"0 0 \(JSONText.number(width)) \(JSONText.number(height))\">\n"
        text += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for (index, chart) in charts.enumerated() {
            text += panel(chart, top: Double(index) * rowHeight + margin, width: width, height: panelHeight, margin: margin)
        }
        text += "</svg>\n"
        return text
    }

    private static func panel(_ chart: Chart, top: Double, width: Double, height: Double, margin: Double) -> String {
        let plotWidth = width - 2 * margin
        let all = chart.series.flatMap(\.points)
        let times = all.map(\.0)
        let values = all.compactMap(\.1).filter(\.isFinite)
        let minTime = times.min() ?? 0, maxTime = times.max() ?? 1
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < 1e-9 {
            low -= 0.5
            high += 0.5
        }
        let span = maxTime - minTime > 0 ? maxTime - minTime : 1
        func x(_ t: Double) -> String { JSONText.number(margin + (t - minTime) / span * plotWidth, places: 2) }
        func y(_ v: Double) -> String { JSONText.number(top + (high - v) / (high - low) * height, places: 2) }
        var text = "<g>\n"
        text +=
            "<rect x=\"\(JSONText.number(margin))\" y=\"\(JSONText.number(top, places: 2))\" width=\"\(JSONText.number(plotWidth))\" height=\"\(JSONText.number(height))\" fill=\"none\" stroke=\"#cccccc\"/>\n"
        text +=
            "<text x=\"\(JSONText.number(margin))\" y=\"\(JSONText.number(top - 8, places: 2))\" font-family=\"sans-serif\" font-size=\"13\">\(escapeXML(chart.title)) (\(JSONText.number(low, places: 3)) … \(JSONText.number(high, places: 3)); t \(JSONText.number(minTime, places: 3)) … \(JSONText.number(maxTime, places: 3)) s)</text>\n"
        for (index, series) in chart.series.enumerated() {
            var runs: [[String]] = [[]]
            for (t, value) in series.points {
                if let value, value.isFinite {
                    runs[runs.count - 1].append("\(x(t)),\(y(value))")
                } else if !runs[runs.count - 1].isEmpty {
                    runs.append([])
                }
            }
            let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
            for run in runs where !run.isEmpty {
                text +=
                    "<polyline fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2\"\(dash) data-series=\"\(escapeXML(series.label))\" points=\"\(run.joined(separator: " "))\"/>\n"
            }
            let legendY = top + height + 18 + 16 * Double(index)
            text +=
                "<text x=\"\(JSONText.number(margin))\" y=\"\(JSONText.number(legendY, places: 2))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"\(series.color)\">\(escapeXML(series.label))</text>\n"
        }
        text += "</g>\n"
        return text
    }
}

/// Text safe inside XML/HTML elements and quoted attributes.
func escapeXML(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}
