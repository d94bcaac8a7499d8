/// Calls whose style, weight, leading and tracking are quoted constants, resolved once.
extension ExpressionCompiler {
    /// `scaled(value, 'style')`, `fontSize('style')` and `measure(text, 'style', 'weight'[,
    /// maxWidth])`: their style and weight must be quoted constants, resolved here once; the
    /// call keeps only the arguments evaluated per frame. Nil for any other call.
    /// Takes a measuring call's trailing `'family'` off `arguments` and resolves it against the
    /// file's `fonts`: a quoted name written last, where a number or nothing would otherwise
    /// come (so never in the leading's place, the styled forms' fifth). Nil when there is none.
    mutating func measuringFamily(
        _ name: String, _ arguments: inout [(node: Int, type: ExpressionType, token: ExpressionToken)]
    ) throws(ExpressionError) -> FontFile? {
        guard ["measure", "measureMarkdown", "firstBaseline", "markdownLines"].contains(name), arguments.count > 3,
            let last = arguments.last, last.type == .text
        else { return nil }
        let styled = name != "measure" || arguments[1].type == .text
        if styled && arguments.count == 5 { return nil }
        guard case .text(let family)? = program.constant(at: last.node) else {
            throw error(.typeMismatch, at: last.token, "\(name): the font family is a quoted name from the file's fonts")
        }
        guard let file = fonts[family] else {
            throw error(.unknownName, at: last.token, DefinitionLoader.unknownFamily(family, among: fonts.keys.sorted()))
        }
        arguments.removeLast()
        return file
    }

    mutating func styledCall(
        _ name: String, _ arguments: [(node: Int, type: ExpressionType, token: ExpressionToken)], file: FontFile?,
        at token: ExpressionToken
    ) throws(ExpressionError) -> (Int, ExpressionType)? {
        func constantText(_ k: Int) -> String? {
            guard k < arguments.count, case .text(let text)? = program.constant(at: arguments[k].node) else { return nil }
            return text
        }
        func style(_ k: Int, _ form: String) throws(ExpressionError) -> TextStyle {
            guard let text = constantText(k) else {
                throw error(
                    .argumentCount, at: k < arguments.count ? arguments[k].token : token, "\(form): the style is a quoted name")
            }
            guard let style = TextStyle.byName[text] else {
                let known = TextStyle.names.joined(separator: ", ")
                throw error(.unknownName, at: arguments[k].token, "unknown text style '\(text)' (known: \(known))")
            }
            return style
        }
        let function: ExpressionFunction
        let kept: [(node: Int, type: ExpressionType, token: ExpressionToken)]
        switch name {
        case "scaled":
            let form = "scaled(value, 'style')"
            guard arguments.count == 2 else { throw error(.argumentCount, at: token, "\(form) takes 2 arguments") }
            try require(arguments[0].type, .number, at: arguments[0].token, "the value of scaled")
            function = .scaled(try style(1, form))
            kept = [arguments[0]]
        case "fontSize":
            guard arguments.count == 1 else { throw error(.argumentCount, at: token, "fontSize('style') takes 1 argument") }
            function = .fontSize(try style(0, "fontSize('style')"))
            kept = []
        case "measure" where arguments.count >= 2 && arguments[1].type == .text, "measureMarkdown", "firstBaseline",
            "markdownLines":
            let form = "\(name)(text, 'style', 'weight'[, maxWidth[, 'leading'[, tracking[, maxHeight]]]])"
            guard (3...7).contains(arguments.count) else {
                throw error(.argumentCount, at: token, "\(form) takes 3 to 7 arguments, found \(arguments.count)")
            }
            try require(arguments[0].type, .text, at: arguments[0].token, "the text of \(name)")
            var query = StyledTextQuery(style: try style(1, form), file: file)
            guard let weightName = constantText(2) else {
                throw error(.argumentCount, at: arguments[2].token, "\(form): the weight is a quoted name ('' for the style's)")
            }
            if !weightName.isEmpty {
                guard let found = FontWeight.byName[weightName] else {
                    let known = FontWeight.names.joined(separator: ", ")
                    throw error(.unknownName, at: arguments[2].token, "unknown weight '\(weightName)' (known: \(known))")
                }
                query.weight = found
            }
            if arguments.count >= 4 { try require(arguments[3].type, .number, at: arguments[3].token, "maxWidth") }
            if arguments.count >= 5 {
                guard let leadingName = constantText(4), let leading = Font.Leading(rawValue: leadingName) else {
                    throw error(
                        .unknownName, at: arguments[4].token,
                        "\(form): the leading is 'standard', 'tight' or 'loose' (a font family comes after it)")
                }
                query.leading = leading
            }
            if arguments.count >= 6 {
                guard case .number(let tracking)? = program.constant(at: arguments[5].node) else {
                    throw error(.typeMismatch, at: arguments[5].token, "\(form): the tracking is a constant number")
                }
                query.tracking = tracking
            }
            if arguments.count == 7 { try require(arguments[6].type, .number, at: arguments[6].token, "maxHeight") }
            query.markdown = name == "measureMarkdown" || name == "markdownLines"
            query.result = name == "firstBaseline" ? .firstBaseline : name == "markdownLines" ? .lines : .size
            function = .measureStyle(query)
            // The text, then maxWidth and maxHeight when given (read each frame).
            kept = [arguments[0]] + arguments.dropFirst(3).prefix(1) + arguments.dropFirst(6)
        default: return nil
        }
        let first = program.arguments.count
        program.arguments.append(contentsOf: kept.map(\.node))
        let result: ExpressionType =
            switch name {
            case "measure", "measureMarkdown": .point
            case "markdownLines": .text
            default: .number
            }
        return (
            try fold(.call(function, first: first, count: kept.count), operands: kept.map(\.node), pure: false, at: token), result
        )
    }
}
