import Foundation
import MorphJSON

extension DisplayList {
    /// The canonical bytes (UTF-8, no whitespace, fixed key order, defaults omitted,
    /// 4-decimal shortest numbers): equal lists give identical bytes.
    ///
    /// - Throws: `JSONError.nonFiniteNumber(path:)` naming the first NaN or infinity.
    public func canonicalJSON() throws(JSONError) -> [UInt8] {
        var writer = CanonicalJSONWriter()
        try write(to: &writer)
        return writer.bytes
    }

    /// `canonicalJSON()` as a `String`, for logs and tests.
    public func canonicalJSONString() throws(JSONError) -> String {
        String(decoding: try canonicalJSON(), as: UTF8.self)
    }

    /// The canonical bytes indented, for people (`--pretty`): the same keys, order and numbers.
    public func prettyJSON() throws(JSONError) -> String {
        let value = try JSONValue.parse(canonicalJSON())
        var writer = CanonicalJSONWriter()
        value.writePretty(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends the canonical bytes to `writer`; the server keeps one writer per session and
    /// calls `removeAll()` between frames, so steady-state encoding allocates nothing.
    ///
    /// - Throws: `JSONError.nonFiniteNumber(path:)`; the writer then holds unusable bytes.
    public func write(to writer: inout CanonicalJSONWriter) throws(JSONError) {
        writeUnchecked(to: &writer)
        try check(writer)
    }

    /// The whole document, a NaN or infinity written as `0` and flagged.
    private func writeUnchecked(to writer: inout CanonicalJSONWriter) {
        writeHeader(to: &writer)
        for index in ops.indices {
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            ops[index].write(to: &writer)
        }
        writer.writeRaw("],\"accessibility\":")
        writeAccessibility(to: &writer)
        writer.writeByte(UInt8(ascii: "}"))
    }

    /// Everything before the first op: `{"format":…,"ops":[`.
    func writeHeader(to writer: inout CanonicalJSONWriter) {
        Self.writeHeader(component: component, size: size, time: time, background: background, bleed: bleed, to: &writer)
    }

    /// The header of a list with these members (a scene's, written without a list by
    /// `DisplayListEncoder`).
    static func writeHeader(
        component: ComponentKind, size: Size, time: Double, background: RGBAColor, bleed: Double,
        to writer: inout CanonicalJSONWriter
    ) {
        writer.writeRaw("{\"format\":\"morph.display-list\",\"version\":1,\"component\":")
        writer.writeString(component.rawValue)
        writer.writeKey("size")
        writer.writeSize(size)
        writer.writeKey("time")
        writer.writeNumber(time)
        writer.writeKey("background")
        writer.writeColor(background)
        if bleed > 0 {
            writer.writeKey("bleed")
            writer.writeNumber(bleed)
        }
        writer.writeKey("ops")
        writer.writeByte(UInt8(ascii: "["))
    }

    /// The `accessibility` array.
    func writeAccessibility(to writer: inout CanonicalJSONWriter) {
        writer.writeByte(UInt8(ascii: "["))
        for index in accessibility.indices {
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            accessibility[index].write(to: &writer)
        }
        writer.writeByte(UInt8(ascii: "]"))
    }

    /// Closes the object; throws when a NaN or infinity was written.
    func finish(_ writer: inout CanonicalJSONWriter) throws(JSONError) {
        writer.writeByte(UInt8(ascii: "}"))
        try check(writer)
    }

    /// Throws when `writer` saw a NaN or infinity, naming the field.
    private func check(_ writer: CanonicalJSONWriter) throws(JSONError) {
        guard writer.sawNonFiniteNumber else { return }
        // Rare path: the list is written again on its own (`writer` may hold other bytes
        // before it) and the field is found where its bytes say the number went.
        var alone = CanonicalJSONWriter()
        writeUnchecked(to: &alone)
        throw .nonFiniteNumber(path: alone.firstNonFinitePath ?? "")
    }
}

extension DisplayList.Op {
    func write(to writer: inout CanonicalJSONWriter) {
        var once = RepeatedPayloads(recording: false)
        write(to: &writer, repeats: &once)
    }

    /// The op's bytes; a path or text lines already written in this frame (`repeats`) are
    /// copied from there.
    func write(to writer: inout CanonicalJSONWriter, repeats: inout RepeatedPayloads) {
        switch self {
        case .push(let group):
            writer.writeRaw("{\"op\":\"push\",\"id\":")
            writer.writeString(group.id)
            // Defaults are judged on the written (rounded) value, so decoding and re-encoding
            // a list gives the same bytes.
            if !CanonicalJSONWriter.writesAsIdentity(group.transform) {
                writer.writeKey("transform")
                writer.writeTransform(group.transform)
            }
            if CanonicalJSONWriter.written(group.opacity) != 1 {
                writer.writeKey("opacity")
                writer.writeNumber(group.opacity)
            }
            if let clip = group.clip {
                writer.writeKey("clip")
                repeats.write(path: clip, to: &writer)
            }
            if let shadow = group.shadow {
                writer.writeKey("shadow")
                writer.writeRaw("{\"color\":")
                writer.writeColor(shadow.color)
                writer.writeKey("radius")
                writer.writeNumber(shadow.radius)
                writer.writeKey("offset")
                writer.writePoint(shadow.offset)
                writer.writeByte(UInt8(ascii: "}"))
            }
            if let effect = group.effect {
                writer.writeKey("effect")
                writer.writeRaw("{\"kind\":")
                writer.writeString(effect.kind.rawValue)
                writer.writeKey("bounds")
                writer.writeRect(effect.bounds)
                writer.writeKey("drag")
                writer.writePoint(effect.drag)
                writer.writeKey("folds")
                writer.writeInteger(effect.folds)
                if let frame = effect.frame {
                    writer.writeKey("frame")
                    writer.writeRect(frame)
                }
                writer.writeByte(UInt8(ascii: "}"))
            }
            writer.writeByte(UInt8(ascii: "}"))
        case .pop:
            writer.writeRaw("{\"op\":\"pop\"}")
        case .fill(let fill):
            writer.writeRaw("{\"op\":\"fill\",\"id\":")
            writer.writeString(fill.id)
            writer.writeKey("path")
            repeats.write(path: fill.path, to: &writer)
            writer.writeKey("paint")
            fill.paint.write(to: &writer)
            if fill.rule != .nonzero {
                writer.writeKey("rule")
                writer.writeString(fill.rule.rawValue)
            }
            writer.writeByte(UInt8(ascii: "}"))
        case .stroke(let stroke):
            writer.writeRaw("{\"op\":\"stroke\",\"id\":")
            writer.writeString(stroke.id)
            writer.writeKey("path")
            repeats.write(path: stroke.path, to: &writer)
            writer.writeKey("color")
            writer.writeColor(stroke.color)
            writer.writeKey("width")
            writer.writeNumber(stroke.width)
            if stroke.cap != .butt {
                writer.writeKey("cap")
                writer.writeString(stroke.cap.rawValue)
            }
            if stroke.join != .miter {
                writer.writeKey("join")
                writer.writeString(stroke.join.rawValue)
            }
            writer.writeByte(UInt8(ascii: "}"))
        case .text(let text):
            writer.writeRaw("{\"op\":\"text\",\"id\":")
            writer.writeString(text.id)
            writer.writeRaw(",\"font\":")
            text.font.write(to: &writer)
            writer.writeRaw(",\"color\":")
            writer.writeColor(text.color)
            writer.writeRaw(",\"lines\":[")
            repeats.write(text.lines, minimumCount: 1, to: &writer) { writer in
                for index in text.lines.indices {
                    if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
                    let line = text.lines[index]
                    writer.writeRaw("{\"x\":")
                    writer.writeNumber(line.x)
                    writer.writeKey("y")
                    writer.writeNumber(line.y)
                    writer.writeKey("text")
                    writer.writeString(line.text)
                    if !line.runs.isEmpty {
                        writer.writeRaw(",\"runs\":[")
                        for (runIndex, run) in line.runs.enumerated() {
                            if runIndex > 0 { writer.writeByte(UInt8(ascii: ",")) }
                            writer.writeRaw("{\"start\":")
                            writer.writeInteger(run.start)
                            writer.writeKey("end")
                            writer.writeInteger(run.end)
                            writer.writeRaw(",\"font\":")
                            run.font.write(to: &writer)
                            writer.writeByte(UInt8(ascii: "}"))
                        }
                        writer.writeByte(UInt8(ascii: "]"))
                    }
                    writer.writeByte(UInt8(ascii: "}"))
                }
            }
            writer.writeRaw("]}")
        case .image(let image):
            image.write(to: &writer)
        }
    }
}

extension DisplayList.Font {
    func write(to writer: inout CanonicalJSONWriter) {
        writer.writeRaw("{\"family\":")
        writer.writeString(family)
        writer.writeKey("weight")
        writer.writeInteger(weight)
        writer.writeKey("size")
        writer.writeNumber(size)
        if tracking != 0 {
            writer.writeKey("tracking")
            writer.writeNumber(tracking)
        }
        if let file {
            writer.writeKey("file")
            writer.writeString(file)
        }
        writer.writeByte(UInt8(ascii: "}"))
    }
}

extension Paint {
    func write(to writer: inout CanonicalJSONWriter) {
        switch self {
        case .solid(let color):
            writer.writeRaw("{\"type\":\"solid\",\"color\":")
            writer.writeColor(color)
            writer.writeByte(UInt8(ascii: "}"))
        case .linear(let from, let to, let stops):
            writer.writeRaw("{\"type\":\"linear\",\"from\":")
            writer.writePoint(from)
            writer.writeKey("to")
            writer.writePoint(to)
            writer.writeRaw(",\"stops\":[")
            for index in stops.indices {
                if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
                writer.writeRaw("{\"offset\":")
                writer.writeNumber(stops[index].offset)
                writer.writeKey("color")
                writer.writeColor(stops[index].color)
                writer.writeByte(UInt8(ascii: "}"))
            }
            writer.writeRaw("]}")
        }
    }
}

extension DisplayList.AccessibilityElement {
    func write(to writer: inout CanonicalJSONWriter) {
        writer.writeRaw("{\"id\":")
        writer.writeString(id)
        writer.writeKey("role")
        writer.writeString(role.rawValue)
        writer.writeKey("label")
        writer.writeString(label)
        if !value.isEmpty {
            writer.writeKey("value")
            writer.writeString(value)
        }
        if !hint.isEmpty {
            writer.writeKey("hint")
            writer.writeString(hint)
        }
        writer.writeKey("frame")
        writer.writeRect(frame)
        writer.writeByte(UInt8(ascii: "}"))
    }
}
