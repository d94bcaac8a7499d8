import MorphServer
import Testing

@Suite struct OriginPolicyTests {
    let loopback = OriginPolicy(listenHost: "127.0.0.1")

    @Test func loopbackNamesAndTheListenHostAreServed() {
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "app.localhost:9000", "127.0.0.1"] {
            #expect(loopback.check(host: host) == nil, "\(host)")
        }
        #expect(OriginPolicy(listenHost: "preview.lan").check(host: "preview.lan:8080") == nil)
    }

    @Test func otherHostNamesAreRefusedAsDNSRebinding() {
        for host in ["evil.example:8080", "127.0.0.1.evil.example", "10.0.0.5:8080", "localhost.evil.example"] {
            #expect(loopback.check(host: host) == .host(host), "\(host)")
        }
        // No Host at all (an HTTP/1.0 tool) is allowed.
        #expect(loopback.check(host: nil) == nil)
    }

    @Test func aWildcardListenerServesAddressLiteralsButNotNames() {
        let everywhere = OriginPolicy(listenHost: "0.0.0.0")
        #expect(everywhere.check(host: "192.168.1.20:8080") == nil)
        #expect(everywhere.check(host: "[fe80::1]:8080") == nil)
        #expect(everywhere.check(host: "evil.example:8080") == .host("evil.example:8080"))
        #expect(OriginPolicy(listenHost: "0.0.0.0", allowedHosts: ["Preview.Example"]).check(host: "preview.example:80") == nil)
    }

    @Test func onlyTheSameOriginOpensAWebSocketByDefault() {
        let host = "127.0.0.1:8080"
        #expect(loopback.check(host: host, origin: nil) == nil)
        #expect(loopback.check(host: host, origin: "http://127.0.0.1:8080") == nil)
        #expect(loopback.check(host: host, origin: "https://127.0.0.1:8080/") == nil)
        for origin in ["http://evil.example", "http://127.0.0.1:8081", "null", "http://localhost:8080", "127.0.0.1:8080"] {
            #expect(loopback.check(host: host, origin: origin) == .origin(origin), "\(origin)")
        }
        // A rebound name fails on Host before Origin is even compared.
        #expect(loopback.check(host: "evil.example:8080", origin: "http://evil.example:8080") == .host("evil.example:8080"))
    }

    @Test func allowedOriginsAndTheWildcardWiden() {
        let policy = OriginPolicy(listenHost: "127.0.0.1", allowedOrigins: ["https://Design.Example/"])
        #expect(policy.check(host: "127.0.0.1:8080", origin: "https://design.example") == nil)
        #expect(policy.check(host: "127.0.0.1:8080", origin: "https://other.example") == .origin("https://other.example"))
        let any = OriginPolicy(listenHost: "127.0.0.1", allowedOrigins: ["*"])
        #expect(any.check(host: "127.0.0.1:8080", origin: "https://other.example") == nil)
    }

    @Test func theFlagsReachTheConfiguration() throws {
        let options = try MorphdOptions.parse([
            "--allow-origin", "https://a.example", "--allow-origin=*", "--allow-host", "b.example", "--max-tile-streams", "2",
        ]).get()
        #expect(options.configuration.allowedOrigins == ["https://a.example", "*"])
        #expect(options.configuration.allowedHosts == ["b.example"])
        #expect(options.configuration.maxTileStreams == 2)
        for bad in [["--allow-origin", "evil.example"], ["--allow-host", ""], ["--max-tile-streams", "-1"]] {
            #expect(throws: MorphdOptions.Failure.self, "\(bad)") { try MorphdOptions.parse(bad).get() }
        }
    }
}
