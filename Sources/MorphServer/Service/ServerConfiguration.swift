import MorphCairo
import MorphKit

/// Everything `morphd`'s flags decide, with the documented defaults.
///
/// A plain value so the CLI parser, tests and the server agree on one set of defaults.
public struct ServerConfiguration: Sendable, Hashable {
    /// Interface to listen on; loopback unless the operator says otherwise.
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one (`PreviewServer.start` returns it).
    public var port = 8080
    /// Folder served at `/`.
    public var webRoot = "web-preview"
    /// Folder served at `/fonts/` (Debian's fonts-inter).
    public var fontDirectory = "/usr/share/fonts/opentype/inter"
    /// Also served at `/fonts/`: DejaVu Sans Mono (Debian's fonts-dejavu-core), the
    /// monospaced design's face, for the names `fontDirectory` lacks.
    public var monoFontDirectory = "/usr/share/fonts/truetype/dejavu"
    /// Folder whose `*.schema.json` files are served at `/schemas/` (the page's options panel
    /// is built from the component configuration schemas).
    public var schemaDirectory = "schemas"
    /// Where `record` writes and `recordings`/`replay` read.
    public var recordDirectory = "recordings"
    /// Simultaneous `morph.v1` connections; one more is told `busy` and closed.
    public var maxClients = 64
    /// Frames per second while a session moves.
    public var fps = 60.0
    /// Largest client message, after reassembly; larger ones get `too-large` and close 1009.
    public var maxMessageBytes = 64 * 1024
    /// `Host` names served besides loopback and `host` (`--allow-host`, repeatable; `*`: any).
    public var allowedHosts: [String] = []
    /// Page origins besides the server's own that may open WebSockets (`--allow-origin`,
    /// repeatable; `*`: any).
    public var allowedOrigins: [String] = []
    /// Server-rendered tile streams alive at once across all sessions (`--max-tile-streams`);
    /// each holds a few bitmaps of up to `TileBudget.maxLayerPixels`.
    public var maxTileStreams = 4
    /// The codec of tiles while the curtain moves (`--tile-codec`); at rest tiles are PNG.
    public var tileCodec = TileCodec.jpeg
    /// Whether tiles of a moving picture may go out at a lower scale when full-scale sets
    /// cannot keep up (`--tile-fallback`, `TileScalePolicy`); at rest they are full scale.
    public var tileFallback = TileScalePolicy.Mode.auto
    /// Largest recording file, written or read for `replay` (64 MiB); a recording that
    /// reaches it stops (`server-error` naming the cap), a larger file is refused unread.
    public var maxRecordingBytes = 64 << 20
    /// Recordings the record folder may hold; `record start` beyond it is `busy` naming the cap.
    public var maxRecordings = 1000
    /// Per-connection rates and the global session count (`ConnectionLimits`).
    public var limits = RateLimits()
    /// Viewport, environment size and tile scale bounds, checked when a message is decoded.
    public var protocolLimits = ProtocolLimits()
    /// Seconds of silence after which a WebSocket is pinged; one that answers nothing for
    /// as long again is dropped (`--idle-seconds`). A viewer that reads answers the ping.
    public var idleSeconds = 30
    /// Viewers one session may have (`--max-viewers`); one more `join` is `busy`.
    public var maxViewersPerSession = 4000
    /// Accept permessage-deflate when a client offers it (`--permessage-deflate`). Off by
    /// default: lws compresses each viewer's copy of a frame separately, which costs more CPU
    /// per delivered frame than it saves on loopback (bench/results.md, issue 13).
    public var permessageDeflate = false
    /// Server name and version for `welcome`.
    public var serverName = "morphd/0.1"

    /// The defaults.
    public init() {}

    /// Throws when a value cannot work (bad port, no clients, non-positive fps).
    public func validate() throws(MorphServerError) {
        guard (0...65_535).contains(port) else { throw .invalidConfiguration("port must be 0...65535") }
        guard maxClients >= 1 else { throw .invalidConfiguration("max-clients must be at least 1") }
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw .invalidConfiguration("fps must be in (0, 1000]") }
        guard maxMessageBytes >= 1024 else { throw .invalidConfiguration("message limit must be at least 1024") }
        guard !host.isEmpty else { throw .invalidConfiguration("host must not be empty") }
        guard maxTileStreams >= 0 else { throw .invalidConfiguration("max-tile-streams must not be negative") }
        guard maxViewersPerSession >= 1 else { throw .invalidConfiguration("max-viewers must be at least 1") }
        guard protocolLimits.maxViewportSide >= 1, protocolLimits.maxViewportSide <= InputLimits.maxViewportSide else {
            throw .invalidConfiguration("max-viewport must be 1...\(Int(InputLimits.maxViewportSide))")
        }
        guard (1...ProtocolLimits.tileScaleCeiling).contains(protocolLimits.maxTileScale) else {
            throw .invalidConfiguration("max-tile-scale must be 1...\(ProtocolLimits.tileScaleCeiling)")
        }
    }
}
