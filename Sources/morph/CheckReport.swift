import Foundation
import MorphCairo
import MorphKit

/// `morph check --report`: one self-contained HTML page (inline PNGs and SVG, no scripts, a
/// CSP that forbids any fetch) with a section per changed recording.
enum CheckReport {
    /// Filmstrip tiles per run, and how much each tile is shrunk from 1 pixel per point.
    static let filmstripTiles = 8
    static let filmstripShrink = 4
    /// Curves drawn per recording at most (the rest are listed by name).
    static let maximumCurves = 36

    /// The whole page: a summary table, then the changed recordings' sections. A pure
    /// function of `results`, so a merged report equals a single run's.
    static func page(_ results: [CheckResult]) -> String {
        var counts: [CheckResult.Status: Int] = [:]
        for result in results { counts[result.status, default: 0] += 1 }
        let order: [CheckResult.Status] = [.changed, .missingBaseline, .error, .new, .updated, .unchanged]
        let summary = order.compactMap { status in counts[status].map { "\($0) \(status.rawValue)" } }.joined(
            separator: ", ")
        var html = head(title: "morph check: \(results.filter(\.status.fails).count) failing of \(results.count)")
        html += """
            <h1>morph check</h1>
            <p id="summary">\(results.count) recordings: \(summary.isEmpty ? "none" : summary)</p>
            <table id="results">
            <tr><th>recording</th><th>result</th></tr>

            """
        for result in results {
            let link =
                result.section == nil
                ? escapeXML(result.path) : "<a href=\"#\(anchor(result.path))\">\(escapeXML(result.path))</a>"
            html +=
                "<tr><td>\(link)</td><td class=\"status-\(result.status.rawValue)\">\(escapeXML(result.summary))</td></tr>\n"
        }
        html += "</table>\n"
        for result in results {
            if let section = result.section { html += section }
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// The page's opening up to `<body>`: a CSP that allows only inline images and styles, and
    /// the styles of the sections (`morph explore --report` writes its page with it too).
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
        <title>\(escapeXML(title))</title>
        <style>
        body { font: 14px/1.4 sans-serif; margin: 24px; color: #222; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
        .status-changed, .status-error, .status-missing-baseline { color: #b3261e; font-weight: 600; }
        .status-unchanged { color: #1f7a3d; }
        section.recording { border-top: 2px solid #ccc; margin-top: 32px; padding-top: 8px; }
        figure { display: inline-block; margin: 4px; vertical-align: top; text-align: center; }
        figure img { border: 1px solid #ccc; display: block; }
        .trio { white-space: nowrap; } .trio img { max-width: 30vw; height: auto; }
        .strip { white-space: nowrap; overflow-x: auto; }
        .strip b { display: inline-block; width: 56px; vertical-align: middle; }
        .curves svg { margin: 4px; border: 1px solid #eee; }
        </style>
        </head>
        <body>

        """
    }

    /// A stable fragment id for a recording's section.
    static func anchor(_ path: String) -> String {
        "r-" + String(SHA256.hexDigest(of: Array(path.utf8)).prefix(12))
    }

    /// The section of one changed recording.
    static func section(
        path: String, summary: String, _ comparison: CheckComparison, renderer: DisplayListRenderer
    ) throws -> String {
        let before = comparison.before, after = comparison.after
        let frame = comparison.frame
        let tolerance = CheckCommand.pixelTolerance
        var html = "<section class=\"recording\" id=\"\(anchor(path))\">\n<h2>\(escapeXML(path))</h2>\n"
        html += "<p>\(escapeXML(summary))</p>\n"

        // First differing frame.
        let old = try CheckImages.draw(before.displayList(at: frame), renderer)
        let new = try CheckImages.draw(after.displayList(at: frame), renderer)
        let differing = CheckImages.differingPixels(old, new, tolerance: tolerance)
        html += "<h3>Frame \(frame) (t = \(String(format: "%.3f", Double(frame) / after.frameRate)) s)</h3>\n"
        html += "<div class=\"trio\">\n"
        html += figure(try CheckImages.dataURI(old), "before", "before (baseline)", old)
        html += figure(try CheckImages.dataURI(new), "after", "after (now)", new)
        let diff = CheckImages.difference(old, new, tolerance: tolerance)
        html += figure(
            try CheckImages.dataURI(diff), "difference", "difference: \(differing) pixels (channel > \(tolerance)/255)", diff)
        html += "</div>\n"

        // Filmstrips over the longer run's duration.
        let frames = max(before.hashes.count, after.hashes.count)
        let picks = (0..<filmstripTiles).map { tile in
            filmstripTiles == 1 ? 0 : Int((Double(tile) * Double(frames - 1) / Double(filmstripTiles - 1)).rounded())
        }
        html += "<h3>Filmstrip</h3>\n"
        for (label, run) in [("before", before), ("after", after)] {
            html += "<div class=\"strip\" data-run=\"\(label)\"><b>\(label)</b>"
            for index in picks {
                let image = CheckImages.shrink(try CheckImages.draw(run.displayList(at: index), renderer), by: filmstripShrink)
                let caption = "t = \(String(format: "%.3f", Double(index) / run.frameRate)) s"
                html += figure(try CheckImages.dataURI(image), "\(label) frame \(index)", caption, image)
            }
            html += "</div>\n"
        }

        // Ops.
        let ops = comparison.changedOps
        html += "<h3>Changed ops at frame \(frame)</h3>\n"
        if ops.isEmpty {
            html += "<p>No op changed by id (the background, size or time differs).</p>\n"
        } else {
            html += "<table class=\"ops\"><tr><th>id</th><th>op</th><th>change</th></tr>\n"
            for op in ops {
                html += "<tr><td>\(escapeXML(op.id))</td><td>\(op.kind)</td><td>\(op.change)</td></tr>\n"
            }
            html += "</table>\n"
        }

        // Curves.
        let tracks = comparison.changedTracks
        html += "<h3>Property curves (\(tracks.count) changed)</h3>\n<div class=\"curves\">\n"
        for track in tracks.prefix(maximumCurves) {
            let chart = LinePlot.Chart(
                title: "\(track.id) \(track.property)",
                series: [
                    LinePlot.Series(label: "before", color: "#888888", dashed: true, points: track.before),
                    LinePlot.Series(label: "after", color: "#e2543b", points: track.after),
                ])
            html += LinePlot.svg([chart], width: 420, panelHeight: 110)
        }
        html += "</div>\n"
        if tracks.count > maximumCurves {
            let rest = tracks.dropFirst(maximumCurves).map { "\($0.id) \($0.property)" }.joined(separator: ", ")
            html += "<p>Also changed: \(escapeXML(rest))</p>\n"
        }
        html += "</section>\n"
        return html
    }

    static func figure(_ uri: String, _ alt: String, _ caption: String, _ image: StraightImage) -> String {
        "<figure><img alt=\"\(escapeXML(alt))\" width=\"\(image.width)\" height=\"\(image.height)\" src=\"\(uri)\"><figcaption>\(escapeXML(caption))</figcaption></figure>\n"
    }
}
