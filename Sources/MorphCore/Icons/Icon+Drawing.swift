import Foundation

/// The icon designs, in em units inside each icon's nominal box (see `Icon.nominalBox`).
///
/// Stroke centrelines keep at least 0.09 em from the box edges, more than half the heaviest
/// stroke (black, 0.17 em), so strokes stay inside the box at every weight.
extension Icon {
    func draw(with pen: IconPen) -> [IconShape] {
        switch self {
        case .waveform:
            // Seven bars of a level meter, centred on the box's middle line.
            let levels = [0.3, 0.6, 1.0, 0.7, 0.85, 0.5, 0.25]
            let middle = 0.43
            let reach = 0.34
            return levels.enumerated().map { index, level in
                let x = 0.12 + Double(index) * 0.81 / 6
                return pen.stroke([(x, middle - reach * level), (x, middle + reach * level)])
            }
        case .chevronRight:
            return [pen.stroke([(0.11, 0.1), (0.31, 0.38), (0.11, 0.66)])]
        case .xmark:
            return [
                pen.stroke([(0.1, 0.1), (0.56, 0.56)]),
                pen.stroke([(0.56, 0.1), (0.1, 0.56)]),
            ]
        case .tramFill:
            // Body with a windscreen and two headlights cut out (even-odd), pantograph, legs.
            return [
                pen.fill(.evenodd) { path in
                    path.roundedRect(0.06, 0.16, 0.66, 0.66, r: 0.14)
                    path.roundedRect(0.16, 0.27, 0.46, 0.24, r: 0.05)
                    path.circle(0.23, 0.68, r: 0.05)
                    path.circle(0.55, 0.68, r: 0.05)
                    path.roundedRect(0.27, 0.03, 0.24, 0.05, r: 0.025)
                    path.move(0.37, 0.08)
                    path.line(0.41, 0.08)
                    path.line(0.41, 0.16)
                    path.line(0.37, 0.16)
                    path.close()
                    path.move(0.2, 0.82)
                    path.line(0.3, 0.82)
                    path.line(0.24, 0.94)
                    path.line(0.14, 0.94)
                    path.close()
                    path.move(0.48, 0.82)
                    path.line(0.58, 0.82)
                    path.line(0.64, 0.94)
                    path.line(0.54, 0.94)
                    path.close()
                }
            ]
        case .sailboatFill:
            return [
                pen.fill { path in
                    // Mainsail, bellied to the right.
                    path.move(0.5, 0.05)
                    path.line(0.5, 0.66)
                    path.line(0.86, 0.66)
                    path.quad(0.5, 0.05, control: 0.74, 0.3)
                    path.close()
                    // Jib.
                    path.move(0.44, 0.17)
                    path.line(0.44, 0.66)
                    path.line(0.12, 0.66)
                    path.quad(0.44, 0.17, control: 0.3, 0.45)
                    path.close()
                    // Hull.
                    path.move(0.05, 0.72)
                    path.line(0.9, 0.72)
                    path.curve(0.74, 0.9, 0.86, 0.82, 0.8, 0.9)
                    path.line(0.21, 0.9)
                    path.curve(0.05, 0.72, 0.15, 0.9, 0.09, 0.82)
                    path.close()
                }
            ]
        case .forkKnife:
            return [
                // Fork: three tines into a bowl, then the handle.
                pen.stroke(widthFactor: 0.75) { path in
                    for x in [0.11, 0.2, 0.29] {
                        path.move(x, 0.1)
                        path.line(x, 0.3)
                    }
                    path.move(0.11, 0.3)
                    path.curve(0.29, 0.3, 0.11, 0.46, 0.29, 0.46)
                },
                pen.stroke([(0.2, 0.42), (0.2, 0.87)]),
                // Knife: a filled blade on a stroked handle.
                pen.fill { path in
                    path.move(0.52, 0.06)
                    path.curve(0.62, 0.53, 0.66, 0.12, 0.67, 0.4)
                    path.line(0.52, 0.53)
                    path.close()
                },
                pen.stroke([(0.56, 0.5), (0.56, 0.87)]),
            ]
        case .sunHorizonFill:
            let centre = (x: 0.575, y: 0.56)
            let radius = 0.24
            let k = radius * IconPen.kappa
            var shapes = [
                pen.fill { path in
                    path.move(centre.x - radius, centre.y)
                    path.curve(
                        centre.x, centre.y - radius, centre.x - radius, centre.y - k,
                        centre.x - k, centre.y - radius)
                    path.curve(
                        centre.x + radius, centre.y, centre.x + k, centre.y - radius,
                        centre.x + radius, centre.y - k)
                    path.close()
                }
            ]
            for degrees in [180.0, 135, 90, 45, 0] {
                let angle = degrees * Double.pi / 180
                let (dx, dy) = (cos(angle), -sin(angle))
                shapes.append(
                    pen.stroke([
                        (centre.x + 0.32 * dx, centre.y + 0.32 * dy),
                        (centre.x + 0.44 * dx, centre.y + 0.44 * dy),
                    ]))
            }
            shapes.append(pen.stroke([(0.1, 0.69), (1.05, 0.69)]))
            return shapes
        case .handPointUpLeft:
            return [handOutline(pen: pen)]
        }
    }

    /// An outlined hand with the index finger raised, drawn upright, tilted 20° to the left,
    /// then fitted into the box less the stroke margin.
    private func handOutline(pen: IconPen) -> IconShape {
        let design = IconPen(origin: .zero, scale: 1, strokeWidth: 0)
        var em = EmPath(pen: design)
        em.move(0.3, 0.56)
        em.line(0.3, 0.14)
        em.curve(0.42, 0.14, 0.3, 0.06, 0.42, 0.06)
        em.line(0.42, 0.46)
        em.quad(0.54, 0.46, control: 0.48, 0.36)
        em.quad(0.65, 0.48, control: 0.6, 0.38)
        em.quad(0.76, 0.52, control: 0.72, 0.42)
        em.line(0.76, 0.72)
        em.curve(0.58, 0.92, 0.76, 0.84, 0.68, 0.92)
        em.line(0.44, 0.92)
        em.curve(0.26, 0.78, 0.36, 0.92, 0.3, 0.86)
        em.line(0.14, 0.6)
        em.curve(0.22, 0.52, 0.1, 0.54, 0.16, 0.5)
        em.line(0.3, 0.62)
        em.close()
        // Knuckle creases.
        em.move(0.54, 0.46)
        em.line(0.54, 0.56)
        em.move(0.65, 0.48)
        em.line(0.65, 0.58)

        let angle = -20 * Double.pi / 180
        let rotation = AffineTransform(
            a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
        let rotated = em.path.applying(rotation)
        let bounds = rotated.controlPointBounds
        let box = nominalBox
        let margin = 0.09
        let fit = Swift.min(
            (box.width - 2 * margin) / bounds.width, (box.height - 2 * margin) / bounds.height)
        let fitted = rotated.applying(
            AffineTransform(
                a: fit, b: 0, c: 0, d: fit,
                tx: box.width / 2 - bounds.midX * fit, ty: box.height / 2 - bounds.midY * fit))
        let placed = fitted.applying(
            AffineTransform(
                a: pen.scale, b: 0, c: 0, d: pen.scale, tx: pen.origin.x, ty: pen.origin.y))
        return IconShape(
            path: placed, paint: .stroke(width: pen.strokeWidth * 0.9, cap: .round, join: .round))
    }
}
