import MorphServer
import Testing

@Suite struct RequestPolicyTests {
    @Test func onlyGetAndHeadAreServedAndOthersAreToldWhatIs() {
        #expect(RequestPolicy.check(method: .get, contentLength: nil, contentLengthCount: 0, transferEncoding: nil) == nil)
        #expect(RequestPolicy.check(method: .head, contentLength: "0", contentLengthCount: 1, transferEncoding: nil) == nil)
        let refusal = RequestPolicy.check(method: .other, contentLength: nil, contentLengthCount: 0, transferEncoding: nil)
        #expect(refusal?.status == 405)
        #expect(refusal?.header == "Allow: GET, HEAD")
    }

    @Test func aBodyOrAmbiguousFramingIsRefused() {
        // A second Content-Length, or one beside Transfer-Encoding, is how requests are smuggled.
        for (length, count, encoding) in [("5", 1, nil), ("0,0", 2, nil), ("0", 1, "chunked"), (nil, 0, "chunked")] {
            let refusal = RequestPolicy.check(
                method: .get, contentLength: length, contentLengthCount: count, transferEncoding: encoding)
            #expect(refusal?.status == 400, "\(String(describing: length)) \(count) \(String(describing: encoding))")
        }
        #expect(RequestPolicy.check(method: .get, contentLength: " 0 ", contentLengthCount: 1, transferEncoding: nil) == nil)
    }

    @Test func aWebSocketUpgradeNeedsVersion13() {
        #expect(RequestPolicy.checkUpgrade(version: "13", subprotocols: "morph.v1") == nil)
        for version in [nil, "8", "12", "99", "13, 8", ""] {
            let refusal = RequestPolicy.checkUpgrade(version: version, subprotocols: "morph.v1")
            #expect(refusal?.status == 426, "\(String(describing: version))")
            #expect(refusal?.header == "Sec-WebSocket-Version: 13")
        }
    }

    @Test func anOfferOfSubprotocolsMustIncludeMorphV1() {
        #expect(RequestPolicy.checkUpgrade(version: "13", subprotocols: "chat, morph.v1") == nil)
        #expect(RequestPolicy.checkUpgrade(version: "13", subprotocols: nil) == nil)
        for offer in ["chat", "morph.v2", "morph.v1x", ""] {
            #expect(RequestPolicy.checkUpgrade(version: "13", subprotocols: offer)?.status == 400, "\(offer)")
        }
    }
}
