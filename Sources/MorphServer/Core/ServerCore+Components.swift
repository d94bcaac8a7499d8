import MorphKit

/// Component files that changed on disk (`morphd --components DIR`).
extension ServerCore {
    /// Every session of a component that loaded again gets a frame at the next tick (it
    /// reads the new definition then); its viewers are told the file loaded, or where its
    /// mistake is while the last good definition keeps running, or that it is gone (the
    /// session keeps running its last good definition); a loaded file's spring fields follow
    /// (`springs`). When the components listed change
    /// (a new file, a file gone), every greeted connection gets the new list, so a page's
    /// picker follows the folder without a reload. Each change is logged.
    func componentsChanged(_ changes: [ComponentFolder.Change]) {
        for change in changes {
            log("components: \(change)")
            guard let component = change.component else { continue }
            for session in sessions.values where session.componentName == component {
                let loaded = change.error == nil && !change.isRemoved
                if loaded { session.needsFrame = true }
                broadcast(.componentFile(change), to: session)
                // Its spring fields as the new file reads them (a field new, gone or retyped).
                if loaded, case .object(let springs) = session.springs, !springs.isEmpty {
                    broadcast(.springs(session: session.id, springs: .object(springs)), to: session)
                }
            }
        }
        let names = registry.names
        if let listed = listedComponents, names != listed {
            listedComponents = names
            let message = ServerMessage.components(names: names, panels: registry.panels)
            for peer in peers.values where peer.greeted && peer.closing == nil { reply(peer, message) }
        }
        ensureTicking()
    }
}
