/// The parts of the curtain's text card kept between frames (`foregroundContent`): what
/// each depends on, and the caches shared by every session in the process.
extension Curtain {
    /// What the whole card depends on besides time and the effect's state.
    struct ContentKey: Equatable, Sendable {
        var size: Size
        var environment: ComponentEnvironment
        /// Whether the card's text is exposed to accessibility (not while revealed).
        var accessible: Bool
    }

    /// The timer paragraph: its text changes once a second, and where it sits follows from
    /// the paragraphs above it, which `content` decides.
    struct TimerKey: Equatable, Sendable {
        var content: ContentKey
        var text: String
    }

    /// The paragraphs below the timer move only when the timer's height changes.
    struct TailKey: Equatable, Sendable {
        var content: ContentKey
        var y: Double
    }

    /// The progress view at `box`: the spinner at a phase, or (nil) the effect's placeholder.
    struct ProgressKey: Equatable, Sendable {
        var box: Rect
        var spinnerPhase: Int?
    }

    /// The whole card at one timer text and spinner phase (nil: the effect's placeholder).
    struct CardKey: Equatable, Sendable {
        var content: ContentKey
        var timerText: String
        var spinnerPhase: Int?
    }

    /// Resolved nodes, and the column as it stands after them (where the next part starts).
    struct ContentParts: Sendable {
        var nodes: [SceneNode]
        var column: ContentColumn
    }

    /// The paragraphs below the timer: those above the progress view, its box, and the last.
    struct ContentTail: Sendable {
        var nodes: [SceneNode]
        var progressBox: Rect
        var closingNodes: [SceneNode]
    }

    /// Cards already assembled: one per timer second and phase a session is showing.
    static let contents = StillPartsCache<CardKey, [SceneNode]>(capacity: 64)
    static let contentHeads = StillPartsCache<ContentKey, ContentParts>()
    /// Sessions started at different times show different timers at once: room for many.
    static let timerParagraphs = StillPartsCache<TimerKey, ContentParts>(capacity: 64)
    static let contentTails = StillPartsCache<TailKey, ContentTail>()
    static let progressViews = StillPartsCache<ProgressKey, SceneNode>(capacity: 32)

    /// The card's `VStack` as it is filled from the top: where the next paragraph goes.
    struct ContentColumn: Sendable {
        let dynamicType: DynamicTypeSize
        let accessible: Bool
        let left: Double
        let width: Double
        var y: Double
        var nodes: [SceneNode] = []

        /// The column of a card of `size`, laid out in the safe area and padded 16.
        init(size: Size, environment: ComponentEnvironment, accessible: Bool) {
            let padding = 16.0
            // The card's stack is laid out in the safe area; its `.background` (a style, which
            // ignores the safe area by default) fills the viewport behind the bars.
            let safe = Rect(x: 0, y: 0, width: size.width, height: size.height).inset(by: environment.safeArea)
            dynamicType = environment.dynamicTypeSize
            self.accessible = accessible
            left = safe.minX + padding
            width = Swift.max(0, safe.width - 2 * padding)
            y = safe.minY + padding
        }

        /// The nodes added so far, resolved (they sit under groups that neither move nor fade
        /// them), and the column with none, ready for the next part.
        var keptParts: ContentParts {
            var rest = self
            rest.nodes = []
            return ContentParts(nodes: nodes.map(Scene.resolvedAtTop), column: rest)
        }

        func accessibility(_ text: String) -> SceneNode.Accessibility? {
            accessible ? .init(role: .text, label: text) : nil
        }

        /// Appends a Markdown paragraph and moves `y` below it.
        mutating func paragraph(
            _ id: String, _ text: String, style: TextStyle = .body, weight: FontWeight? = nil,
            leading: Font.Leading = .loose, tracking: Double = 0,
            color: RGBAColor = SystemColor.label.color(in: .light), bottomPadding: Double = 0, spacing: Double = 12
        ) {
            let markdown = InlineMarkdown(text)
            let layout = TextLayout(
                markdown.text, style: style, at: dynamicType, weight: weight, maxWidth: width, leading: leading,
                tracking: tracking, codeSpans: markdown.codeSpans)
            nodes.append(
                .text(
                    id, layout: layout, origin: Point(x: left, y: y), color: color,
                    accessibility: accessibility(markdown.text)))
            y += layout.size.height + bottomPadding + spacing
        }
    }
}
