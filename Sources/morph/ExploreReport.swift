import Foundation
import MorphCairo
import MorphKit

/// `morph explore --report DIR`: DIR/index.html, one self-contained page in `morph check`'s
/// style (`CheckReport.head`): the run's table, then per shrunk failure the frame it breaks at,
/// a filmstrip of the recording and the curves of the node it names.
enum ExploreReport {
    /// One shrunk failure to show.
    struct Case {
        var file: String
        var violation: RuleViolation
        var recording: Recording
    }

    static func page(table: String, cases: [Case], explorer: Explorer, renderer: DisplayListRenderer) throws -> String {
        var html = CheckReport.head(title: "morph explore \(explorer.componentName): \(cases.count) shrunk cases")
        html += "<h1>morph explore \(escapeXML(explorer.componentName))</h1>\n<pre id=\"summary\">\(escapeXML(table))</pre>\n"
        for item in cases { html += try section(item, explorer: explorer, renderer: renderer) }
        html += "</body>\n</html>\n"
        return html
    }

    /// The node a violation names: its value up to the first "." or ":" ("card.opacity = …").
    static func nodeID(_ violation: RuleViolation) -> String {
        String(violation.value.prefix { $0 != "." && $0 != ":" && $0 != " " })
    }

    static func section(_ item: Case, explorer: Explorer, renderer: DisplayListRenderer) throws -> String {
        var replay = try Replay(item.recording, definition: explorer.replayDefinition)
        replay.restLimit = explorer.restLimit
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        let run = CheckBaseline(recording: item.file, frameRate: replay.fps, frames: frames)
        let violation = item.violation
        var html = "<section class=\"recording\" id=\"\(CheckReport.anchor(item.file))\">\n"
        html += "<h2>\(escapeXML(violation.ruleName)): \(escapeXML(item.file))</h2>\n"
        html += "<p>\(escapeXML(violation.description)) (\(item.recording.events.count) events)</p>\n"
        guard !frames.isEmpty else { return html + "</section>\n" }
        let index = min(violation.frame, frames.count - 1)
        let image = try CheckImages.draw(run.displayList(at: index), renderer)
        html += "<div class=\"trio\">\n"
        html += CheckReport.figure(
            try CheckImages.dataURI(image), "frame \(index)", "frame \(index) (as drawn: clamped)", image)
        html += "</div>\n<h3>Filmstrip</h3>\n<div class=\"strip\">"
        let tiles = CheckReport.filmstripTiles
        for tile in 0..<tiles {
            let pick = Int((Double(tile) * Double(frames.count - 1) / Double(tiles - 1)).rounded())
            let small = CheckImages.shrink(
                try CheckImages.draw(run.displayList(at: pick), renderer), by: CheckReport.filmstripShrink)
            html += CheckReport.figure(
                try CheckImages.dataURI(small), "frame \(pick)", "t = \(String(format: "%.3f", frames[pick].time)) s", small)
        }
        html += "</div>\n"
        let id = nodeID(violation)
        let properties = CheckComparison.properties(run)
        var charts: [LinePlot.Chart] = []
        for name in NodeProperties.names {
            let values = properties.map { $0.values[id]?[name] }
            guard values.contains(where: { $0 != nil }) else { continue }
            let points = values.enumerated().map { (Double($0.offset) / replay.fps, $0.element) }
            charts.append(
                LinePlot.Chart(
                    title: "\(id) \(name)", series: [LinePlot.Series(label: "drawn", color: "#e2543b", points: points)]))
        }
        if !charts.isEmpty {
            html += "<h3>\(escapeXML(id)) as drawn</h3>\n<div class=\"curves\">\n"
            for chart in charts { html += LinePlot.svg([chart], width: 420, panelHeight: 110) }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }
}
