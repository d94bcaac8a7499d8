// morphd: the live preview server. Parses flags, finds the page, registers components,
// serves until SIGINT or SIGTERM, then stops cleanly (recordings closed) and exits 0.
import Dispatch
import Foundation
import MorphServer

func say(_ text: String, error: Bool = false) {
    let handle = error ? FileHandle.standardError : FileHandle.standardOutput
    handle.write(Data((text + "\n").utf8))
}

/// `web-preview` in the current directory, else in the repository the binary was built in.
func findWebRoot() -> String? {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    let local = fileManager.currentDirectoryPath + "/web-preview"
    if fileManager.fileExists(atPath: local, isDirectory: &isDirectory), isDirectory.boolValue { return local }
    guard let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("web-preview").path
        if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
            fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue
        {
            return candidate
        }
        folder = folder.deletingLastPathComponent()
    }
    return nil
}

var options: MorphdOptions
switch MorphdOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let failure):
    say("morphd: \(failure.message)\n\(MorphdOptions.usage)", error: true)
    exit(2)
}
if options.help {
    say(MorphdOptions.usage)
    exit(0)
}
if !options.webRootGiven {
    if let found = findWebRoot() {
        options.configuration.webRoot = found
    } else {
        say("morphd: warning: no web-preview folder found; pass --web-root DIR", error: true)
    }
}
if !options.recordDirectoryGiven {
    // The default lies in the user's data folder, whose parents may not exist yet; a folder
    // given with --record-dir is made when the first recording is written, as before.
    do {
        try FileManager.default.createDirectory(
            atPath: options.configuration.recordDirectory, withIntermediateDirectories: true)
    } catch {
        say("morphd: cannot make the record folder \(options.configuration.recordDirectory): \(error)", error: true)
        exit(1)
    }
}
if !options.schemaDirectoryGiven {
    // The repository keeps schemas/ beside web-preview/.
    let root = URL(fileURLWithPath: options.configuration.webRoot).standardizedFileURL
    options.configuration.schemaDirectory = root.deletingLastPathComponent().appendingPathComponent("schemas").path
}

var registry = ComponentRegistry()
registry.registerMorphComponents()
// The diagnostic moving dot, for transport tests that must not depend on component behaviour.
if options.probe {
    registry.register(ProbeComponent.name, panel: ProbeComponent.panel) { try ProbeComponent($0) }
}

// Component files: loaded now, then kept current by a `ComponentFolderWatch` on a serial queue
// of its own, so reading and compiling a file runs neither on the service thread nor on the
// main queue, which takes the signals: SIGTERM is answered at once even while a large file
// compiles.
var folder: ComponentFolder?
if let directory = options.componentDirectory {
    do {
        let schemas = FileManager.default.temporaryDirectory
            .appendingPathComponent("morphd-schemas-\(ProcessInfo.processInfo.processIdentifier)").path
        let loaded = try ComponentFolder(directory: directory, schemaDirectory: schemas)
        for change in loaded.poll() { say("morphd: components: \(change)", error: change.error != nil) }
        registry.register(folder: loaded)
        folder = loaded
    } catch {
        say("morphd: --components: \(error)", error: true)
        exit(1)
    }
}

let server: PreviewServer
let port: Int
do {
    server = try PreviewServer(configuration: options.configuration, registry: registry)
    port = try server.start()
} catch {
    say("morphd: \(error)", error: true)
    exit(1)
}

let host = options.configuration.host.contains(":") ? "[\(options.configuration.host)]" : options.configuration.host
say("morphd: serving http://\(host):\(port)/ (web root \(options.configuration.webRoot))")
let records = URL(fileURLWithPath: options.configuration.recordDirectory).standardizedFileURL.path
say("morphd: recordings in \(records)\(options.recordDirectoryGiven ? "" : " (--record-dir DIR to change)")")

// Polled when inotify says the folder changed (every 250 ms where it cannot), on a queue of
// the watch's own.
let folderWatch = folder.map { folder in
    ComponentFolderWatch(folder: folder) { [server] changes in server.componentsChanged(changes) }
}

// Signals arrive on the main queue (dispatchMain below), never in an async-signal context.
signal(SIGPIPE, SIG_IGN)
var signalSources: [DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler {
        server.stop()
        if let folder { try? FileManager.default.removeItem(atPath: folder.schemaDirectory) }
        say("morphd: stopped")
        exit(0)
    }
    source.resume()
    signalSources.append(source)
}
dispatchMain()
