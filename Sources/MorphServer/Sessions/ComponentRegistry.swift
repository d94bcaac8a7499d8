import MorphKit

/// Maps component names to factories; `welcome` lists the names, `open` calls the factory.
///
/// `morphd` fills it at start-up; the server never knows concrete component types, which keeps
/// `MorphServer` free of component code and lets tests register their own.
public struct ComponentRegistry: Sendable {
    /// What a factory is given to build an instance.
    public struct Request: Sendable, Hashable {
        /// The component's configuration object from `open` (or a recording header).
        public var configuration: JSONValue
        /// Settings to render under (every field set).
        public var environment: InputEvent.Environment
        /// The drawing area in points.
        public var viewport: Size

        /// Makes a request.
        public init(configuration: JSONValue, environment: InputEvent.Environment, viewport: Size) {
            self.configuration = configuration
            self.environment = environment
            self.viewport = viewport
        }
    }

    /// Builds an instance, or throws (the client gets `bad-message` with the error's text).
    public typealias Factory = @Sendable (Request) throws -> any LiveComponent

    private var factories: [String: Factory] = [:]
    private var registered: [String] = []
    private var registeredPanels: [String: ComponentPanel] = [:]
    /// Component files (`morphd --components DIR`), asked before the factories.
    var folder: ComponentFolder?

    /// Registered names in registration order, then the folder's components that are not
    /// registered (the order `welcome` lists them).
    public var names: [String] {
        registered + (folder?.names ?? []).filter { !registered.contains($0) }
    }

    /// Makes an empty registry.
    public init() {}

    /// Adds or replaces a component, with what the page's panel offers for it (nil: the
    /// page shows every control and no hint).
    public mutating func register(_ name: String, panel: ComponentPanel? = nil, factory: @escaping Factory) {
        if factories[name] == nil { registered.append(name) }
        factories[name] = factory
        registeredPanels[name] = panel
    }

    /// The panel of each listed component that has one, by name: a file's from its current
    /// definition (it serves in place of a registered component of its name).
    public var panels: [String: ComponentPanel] {
        var panels = registeredPanels
        for name in folder?.names ?? [] {
            if let entry = folder?.entry(named: name) { panels[name] = ComponentPanel(entry.definition.definition) }
        }
        return panels
    }

    /// Builds an instance of `name`, mapping failures to protocol errors.
    public func make(_ name: String, _ request: Request, for messageType: String) -> Result<any LiveComponent, ProtocolError> {
        let file: Factory? = folder?.entry(named: name).map { entry in { try FileComponent(entry, $0) } }
        guard let factory = file ?? factories[name] else {
            if let gone = folder?.removedFile(of: name) {
                return .failure(
                    ProtocolError(
                        .unknownComponent,
                        "\(name): its file \(gone) was removed from the components folder (sessions already open keep "
                            + "running; new ones open once a file defines \(name) again)", request: messageType))
            }
            return .failure(ProtocolError(.unknownComponent, "no component named \(name)", request: messageType))
        }
        do {
            return .success(try factory(request))
        } catch {
            return .failure(ProtocolError(.badMessage, "\(name): \(error)", request: messageType))
        }
    }
}
