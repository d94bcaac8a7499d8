import MorphKit

// A container transform at its preview size, collapsed, at session time 0.
var session = try ComponentSession(component: .morphContainer)

// A tap on the card (found in the scene by its stable id) at 0.1 s starts the spring open.
let card = session.scene().node(withID: "card")!.frame
try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: card.midX, y: card.midY))))

// Time is always passed in: step to 0.3 s, mid-flight.
session.advance(to: 0.3)
print("state:", session.stateName)

// What a renderer draws: a flat display list, and the same frame as a scene in JSON.
let list = session.displayList()
print("display list:", list.ops.count, "ops,", list.accessibility.count, "accessibility elements")
let sceneJSON = try session.scene().prettyJSON()
print("scene JSON:", sceneJSON.utf8.count, "bytes")

// A renderer steps frame by frame (60 Hz here) until the spring settles: the card is open.
var frames = 0
while session.isMoving {
    frames += 1
    session.advance(to: 0.3 + Double(frames) / 60)
}
print("state:", session.stateName, "after", frames, "more frames")
