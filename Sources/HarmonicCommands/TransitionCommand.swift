import ArgumentParser
import Foundation
import Harmonic

/// The input of `transition`: the scene (the input file's JSON) and the
/// frame times, given as a list or as a frame rate.
package struct TransitionInput: Sendable {
  /// The scene, checked (see ``TransitionCommand``'s discussion for its JSON).
  var scene: TransitionScene
  /// Seconds, each within [0, 1e9]; or nil with `fps`.
  package var times: [Double]?
  /// Frames at k/fps seconds up to and including the first at or after completion, fps within [1, 1000].
  package var fps: Double?

  /// - Throws: ``CommandError`` about `input` naming the JSON path of what was wrong.
  package init(json data: Data, times: [Double]?, fps: Double?) throws(CommandError) {
    scene = try TransitionScene(json: data)
    (self.times, self.fps) = (times, fps)
  }

  /// The frames. O(frames × items); at most ``TransitionCommand/maximumFrames`` frames.
  package func run() throws(CommandError) -> TransitionOutput {
    guard (times == nil) != (fps == nil) else { throw CommandError("times", "give exactly one of `times` and `fps`") }
    let transition = try scene.transition()
    var frameTimes: [AnimationTime] = []
    if let times {
      guard times.count <= TransitionCommand.maximumFrames else { throw CommandError("times", "`times`: at most \(TransitionCommand.maximumFrames) times") }
      for t in times {
        guard t >= 0, t <= 1e9 else { throw CommandError("times", "`times`: \(t) must be a number of seconds within [0, 1e9]") }
        frameTimes.append(try checked("times") { () throws(HarmonicError) in try AnimationTime(seconds: t) })
      }
    } else if let fps {
      guard fps >= 1, fps <= 1000 else { throw CommandError("fps", "`fps` must be within [1, 1000] frames per second; got \(fps)") }
      let count = (transition.endTick.seconds * fps).rounded(.up)
      guard count < Double(TransitionCommand.maximumFrames) else {
        throw CommandError(
          "fps",
          "`fps` \(fps): the transition completes after \(transition.endTick.seconds) s, \(Int(count) + 1) frames; at most \(TransitionCommand.maximumFrames)"
        )
      }
      var k = 0
      while true {
        let time = try checked("fps") { () throws(HarmonicError) in try AnimationTime(seconds: Double(k) / fps) }
        frameTimes.append(time)
        if time >= transition.endTick { break }
        k += 1
      }
    }
    var frame = transition.makeFrame()
    var frames: [TransitionOutput.Frame] = []
    frames.reserveCapacity(frameTimes.count)
    let names = transition.elements.map { scene.name(of: $0) }
    for time in frameTimes {
      try checked("times") { () throws(HarmonicError) in try transition.frame(at: time, into: &frame) }
      let items = zip(names, frame.attributes).map { name, a in
        TransitionOutput.Item(
          id: name, center: [Double(a.center.x), Double(a.center.y)], size: [Double(a.size.width), Double(a.size.height)],
          transform: a.transform.entries, alpha: a.alpha, zIndex: a.zIndex, hidden: a.isHidden)
      }
      frames.append(
        TransitionOutput.Frame(
          time: time.seconds, progress: frame.progress, complete: frame.hasEnded,
          contentOffset: [Double(frame.contentOffset.x), Double(frame.contentOffset.y)],
          contentSize: [Double(frame.contentSize.width), Double(frame.contentSize.height)], items: items))
    }
    return TransitionOutput(elementCount: transition.elements.count, completion: transition.endTick.seconds, frames: frames)
  }
}

/// A transition's frames: points, seconds, the items in the transition's element order.
package struct TransitionOutput: Codable, Sendable, Hashable {
  package struct Item: Codable, Sendable, Hashable {
    package var id: String
    package var center, size, transform: [Double]
    package var alpha: Double
    package var zIndex: Int
    package var hidden: Bool
  }
  package struct Frame: Codable, Sendable, Hashable {
    package var time, progress: Double
    package var complete: Bool
    package var contentOffset, contentSize: [Double]
    package var items: [Item]
  }
  package var elementCount: Int
  /// Seconds.
  package var completion: Double
  package var frames: [Frame]
}

struct TransitionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transition",
    abstract: "Frames of a layout transition between two attribute sets read from a JSON file.",
    discussion: """
      Input: {"viewport": {"width", "height"}, "from": {"contentOffset": [x, y], "contentSize": [w, h],
      "items": [{"id", "kind": "cell"|"header"|"footer"|"decoration", "center": [x, y], "size": [w, h],
      "transform": [a, b, c, d, tx, ty], "alpha", "zIndex"}]}, "to": {…}, "inserted": [id…], "deleted": [id…],
      "spring": {"response", "dampingRatio"} | {"mass", "stiffness", "damping"} | {"duration", "bounce"} | any spring family,
      "velocity": {id: {"center": [vx, vy]}}}. Defaults: identity transform, alpha 1, zIndex 0, kind cell, mass 1.
      A key not listed here, or given twice in one object, is refused with its name.
      Items pair by id; an id only in "to" must be listed in "inserted" (it appears from its end pose at
      alpha 0), one only in "from" in "deleted" (it leaves towards its start pose at alpha 0). Points,
      seconds, points per second. Output (--json): {"completion", "elementCount", "frames": [{"time", "progress", "complete",
      "contentOffset", "contentSize", "items": [{"id", "center", "size", "transform", "alpha", "zIndex", "hidden"}]}]}.
      """)

  @Option(help: "The JSON input file.") var input: String
  @Option(parsing: .unconditional, help: "Comma-separated times in seconds.") var times: String?
  @Option(parsing: .unconditional, help: "Frames at k/F seconds up to and including the first at or after completion.", transform: decimal) var fps: Double?
  @Flag(help: "Print one JSON object.") var json = false

  static let maximumFrames = 100_000
  static let maximumItems = 1_000_000
  static let maximumInputBytes = 256 << 20

  func run() throws {
    guard (times == nil) != (fps == nil) else { throw CommandError("times", "give exactly one of `times` and `fps`") }
    let url = URL(fileURLWithPath: input)
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
    guard let size else { throw CommandError("input", "`input` \(input): cannot read the file") }
    guard size <= TransitionCommand.maximumInputBytes else {
      throw CommandError("input", "`input` \(input): \(size) bytes; at most \(TransitionCommand.maximumInputBytes)")
    }
    guard let data = try? Data(contentsOf: url) else { throw CommandError("input", "`input` \(input): cannot read the file") }
    let input = try TransitionInput(json: data, times: try times.map { text throws(CommandError) in try parseList(text, parameter: "times") }, fps: fps)
    let output = try input.run()
    if json { return emit(try CommandJSON.string(output)) }
    emit("\(output.elementCount) elements, complete after \(output.completion) s")
    emit(
      Table.render(
        header: ["time (s)", "progress", "offset x", "offset y", "complete"],
        rows: output.frames.map {
          [Table.number($0.time), Table.number($0.progress), Table.number($0.contentOffset[0]), Table.number($0.contentOffset[1]), $0.complete ? "yes" : "no"]
        }))
  }
}

extension AffineTransform2D {
  var entries: [Double] { [a, b, c, d, tx, ty] }
}

/// The JSON input of `harmonic transition`, checked.
struct TransitionScene {
  struct Item {
    var id: String
    var attributes: LayoutAttributes
  }
  struct Side {
    var offset: CGPoint
    var contentSize: CGSize
    var items: [Item]
  }
  var viewport: Viewport
  var from: Side
  var to: Side
  var inserted: Set<String>
  var deleted: Set<String>
  var spring: Spring
  var velocity: [String: CGPoint]
  /// Every id, sorted: its position is its item index in its side's section 0.
  var oldIndex: [String: Int] = [:]
  var newIndex: [String: Int] = [:]
  var oldNames: [String] = []
  var newNames: [String] = []

  init(json data: Data) throws(CommandError) {
    guard let object = try JSONValue.parse(data).object else { throw CommandError("input", "input: must be a JSON object") }
    try TransitionScene.known(object, ["viewport", "from", "to", "inserted", "deleted", "spring", "velocity"], in: "input")
    guard let viewportObject = object["viewport"]?.object else { throw CommandError("input", "viewport: missing; give {\"width\", \"height\"}") }
    try TransitionScene.known(viewportObject, ["width", "height"], in: "viewport")
    let size = CGSize(
      width: try TransitionScene.number(viewportObject["width"], "viewport.width"),
      height: try TransitionScene.number(viewportObject["height"], "viewport.height"))
    viewport = try checked("input") { () throws(HarmonicError) in try Viewport(size: size) }
    from = try TransitionScene.side(object["from"], "from")
    to = try TransitionScene.side(object["to"], "to")
    inserted = try TransitionScene.ids(object["inserted"], "inserted")
    deleted = try TransitionScene.ids(object["deleted"], "deleted")
    spring = try TransitionScene.spring(object["spring"])
    velocity = [:]
    if let velocities = object["velocity"] {
      guard let map = velocities.object else { throw CommandError("input", "velocity: must be an object {id: {\"center\": [vx, vy]}}") }
      for (id, value) in map.sorted(by: { $0.key < $1.key }) {
        guard let entry = value.object, let center = entry["center"] else {
          throw CommandError("input", "velocity[\"\(id)\"]: must be {\"center\": [vx, vy]}")
        }
        try TransitionScene.known(entry, ["center"], in: "velocity[\"\(id)\"]")
        let (vx, vy) = try TransitionScene.pair(center, "velocity[\"\(id)\"].center")
        velocity[id] = CGPoint(x: vx, y: vy)
      }
    }
    let oldIDs = from.items.map(\.id), newIDs = to.items.map(\.id)
    let (oldSet, newSet) = (Set(oldIDs), Set(newIDs))
    for id in newSet.subtracting(oldSet).sorted() where !inserted.contains(id) {
      throw CommandError("input", "item \"\(id)\" is only in \"to\": list it in \"inserted\"")
    }
    for id in oldSet.subtracting(newSet).sorted() where !deleted.contains(id) {
      throw CommandError("input", "item \"\(id)\" is only in \"from\": list it in \"deleted\"")
    }
    for id in inserted.sorted() where !(newSet.contains(id) && !oldSet.contains(id)) {
      throw CommandError("input", "inserted: \"\(id)\" must be an id of \"to\" only")
    }
    for id in deleted.sorted() where !(oldSet.contains(id) && !newSet.contains(id)) {
      throw CommandError("input", "deleted: \"\(id)\" must be an id of \"from\" only")
    }
    for id in velocity.keys.sorted() where !newSet.contains(id) && !oldSet.contains(id) {
      throw CommandError("input", "velocity: \"\(id)\" is not an item id")
    }
    oldNames = oldIDs.sorted()
    newNames = newIDs.sorted()
    for (k, id) in oldNames.enumerated() { oldIndex[id] = k }
    for (k, id) in newNames.enumerated() { newIndex[id] = k }
    for k in from.items.indices { from.items[k].attributes.indexPath = ItemIndexPath(item: oldIndex[from.items[k].id]!, section: 0) }
    for k in to.items.indices { to.items[k].attributes.indexPath = ItemIndexPath(item: newIndex[to.items[k].id]!, section: 0) }
  }

  /// Items pair by id through moves (every paired id is a move from its old
  /// place to its new one), inserts and deletes.
  func transition() throws(CommandError) -> LayoutTransition {
    var moved: [ItemIndexPath: ItemIndexPath] = [:]
    for (id, old) in oldIndex { if let new = newIndex[id] { moved[ItemIndexPath(item: old, section: 0)] = ItemIndexPath(item: new, section: 0) } }
    let update = LayoutUpdate(
      inserted: Set(inserted.map { ItemIndexPath(item: newIndex[$0]!, section: 0) }),
      deleted: Set(deleted.map { ItemIndexPath(item: oldIndex[$0]!, section: 0) }), moved: moved)
    let (from, to, viewport, spring) = (from, to, viewport, spring)
    let old = try checked("input") { () throws(HarmonicError) in
      TransitionScene.AllVisible(try LayoutSnapshot(elements: from.items.map(\.attributes), contentSize: from.contentSize))
    }
    let new = try checked("input") { () throws(HarmonicError) in
      TransitionScene.AllVisible(try LayoutSnapshot(elements: to.items.map(\.attributes), contentSize: to.contentSize))
    }
    func make(_ velocity: LayoutTransition.Velocity) throws(HarmonicError) -> LayoutTransition {
      try LayoutTransition(
        from: old, offset: from.offset, to: new, offset: to.offset, viewport: viewport, update: update,
        appearance: .fade, springs: .shared(spring), velocity: velocity)
    }
    let transition = try checked("input") { () throws(HarmonicError) in try make(.none) }
    guard !velocity.isEmpty else { return transition }
    // Velocities by element: the element order is the transition's own.
    let n = transition.elements.count
    var velocities = [Double](repeating: 0, count: n * (transition.include3D ? LayoutChannels.count3D : LayoutChannels.count2D))
    for (k, element) in transition.elements.enumerated() {
      guard let v = velocity[name(of: element)] else { continue }
      velocities[LayoutChannels.centerX * n + k] = Double(v.x)
      velocities[LayoutChannels.centerY * n + k] = Double(v.y)
    }
    return try checked("input") { () throws(HarmonicError) in try make(.perElement(velocities)) }
  }

  /// A snapshot whose every element counts as visible: the command animates
  /// all the items it is given, on screen or not.
  struct AllVisible: CollectionLayout {
    var snapshot: LayoutSnapshot
    init(_ snapshot: LayoutSnapshot) { self.snapshot = snapshot }
    var contentSize: CGSize { snapshot.contentSize }
    var itemCounts: [Int] { snapshot.itemCounts }
    func attributes(in rect: CGRect) -> [LayoutAttributes] { snapshot.elements }
    func attributes(of element: ElementID) -> LayoutAttributes? { snapshot.attributes(of: element) }
  }

  func name(of element: LayoutTransition.Element) -> String {
    if let to = element.to { return newNames[to.indexPath.item] }
    return oldNames[element.from!.indexPath.item]
  }

  /// Refuses a member `object` does not know, naming it: a misspelt key
  /// would otherwise be silently ignored.
  static func known(_ object: [String: JSONValue], _ keys: [String], in name: String) throws(CommandError) {
    for key in object.keys.sorted() where !keys.contains(key) {
      throw CommandError("input", "\(name).\(key): unknown; known: \(keys.joined(separator: ", "))")
    }
  }

  static func number(_ value: JSONValue?, _ name: String) throws(CommandError) -> Double {
    guard let number = value?.number else {
      throw CommandError("input", "\(name): \(value == nil ? "missing" : "must be a number")")
    }
    guard number.isFinite else { throw CommandError("input", "\(name): must be finite") }
    return number
  }

  static func pair(_ value: JSONValue?, _ name: String) throws(CommandError) -> (Double, Double) {
    guard let array = value?.array, array.count == 2 else { throw CommandError("input", "\(name): \(value == nil ? "missing" : "must be [x, y]")") }
    return (try number(array[0], "\(name)[0]"), try number(array[1], "\(name)[1]"))
  }

  static func ids(_ value: JSONValue?, _ name: String) throws(CommandError) -> Set<String> {
    guard let value else { return [] }
    let strings = value.array?.compactMap(\.string)
    guard let strings, strings.count == value.array?.count else { throw CommandError("input", "\(name): must be an array of ids") }
    return Set(strings)
  }

  static func side(_ value: JSONValue?, _ name: String) throws(CommandError) -> Side {
    guard let object = value?.object else { throw CommandError("input", "\(name): missing; give {\"contentOffset\", \"contentSize\", \"items\"}") }
    try known(object, ["contentOffset", "contentSize", "items"], in: name)
    let (x, y) = try pair(object["contentOffset"], "\(name).contentOffset")
    let (w, h) = try pair(object["contentSize"], "\(name).contentSize")
    guard w >= 0, h >= 0 else { throw CommandError("input", "\(name).contentSize: must not be negative") }
    guard let list = object["items"]?.array else { throw CommandError("input", "\(name).items: missing; give an array of items") }
    guard !list.isEmpty else { throw CommandError("input", "\(name).items: must hold at least one item") }
    guard list.count <= TransitionCommand.maximumItems else { throw CommandError("input", "\(name).items: at most \(TransitionCommand.maximumItems) items") }
    var seen = Set<String>()
    var items: [Item] = []
    for (k, entry) in list.enumerated() {
      let where_ = "\(name).items[\(k)]"
      guard let item = entry.object else { throw CommandError("input", "\(where_): must be an object") }
      try known(item, ["id", "kind", "center", "size", "transform", "alpha", "zIndex"], in: where_)
      guard let id = item["id"]?.string else { throw CommandError("input", "\(where_).id: missing; give a string") }
      guard seen.insert(id).inserted else { throw CommandError("input", "\(where_).id: \"\(id)\" appears twice in \(name)") }
      // Pairing is by id, whatever the kind; the kind is checked and otherwise
      // changes nothing (every kind appears and leaves by fading).
      guard ["cell", "header", "footer", "decoration"].contains(item["kind"]?.string ?? (item["kind"] == nil ? "cell" : "")) else {
        throw CommandError("input", "\(where_).kind: must be cell, header, footer or decoration")
      }
      let (cx, cy) = try pair(item["center"], "\(where_).center")
      let (sw, sh) = try pair(item["size"], "\(where_).size")
      guard sw >= 0, sh >= 0 else { throw CommandError("input", "\(where_).size: must not be negative") }
      var transform = AffineTransform2D.identity
      if let entries = item["transform"] {
        guard let array = entries.array, array.count == 6 else { throw CommandError("input", "\(where_).transform: must be [a, b, c, d, tx, ty]") }
        var v: [Double] = []
        for (k, entry) in array.enumerated() { v.append(try number(entry, "\(where_).transform[\(k)]")) }
        transform = AffineTransform2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
      }
      let alpha = item["alpha"] == nil ? 1 : try number(item["alpha"], "\(where_).alpha")
      // A layout at rest: its opacity is within [0, 1] (only a pose in flight overshoots).
      guard alpha >= 0, alpha <= 1 else { throw CommandError("input", "\(where_).alpha must be within [0, 1]") }
      let zIndex = item["zIndex"] == nil ? 0 : try number(item["zIndex"], "\(where_).zIndex")
      guard zIndex == zIndex.rounded(), zIndex.magnitude <= 1e9 else { throw CommandError("input", "\(where_).zIndex: must be an integer within ±1e9") }
      var attributes = LayoutAttributes(indexPath: ItemIndexPath(item: 0, section: 0), frame: .zero, transform: transform, alpha: alpha, zIndex: Int(zIndex))
      attributes.center = CGPoint(x: cx, y: cy)
      attributes.size = CGSize(width: sw, height: sh)
      items.append(Item(id: id, attributes: attributes))
    }
    return Side(offset: CGPoint(x: x, y: y), contentSize: CGSize(width: w, height: h), items: items)
  }

  /// The `"spring"` object: the numbers of one spring family (or `"preset"`),
  /// read by the one spring parser; errors name the keys as the input writes them.
  static func spring(_ value: JSONValue?) throws(CommandError) -> Spring {
    guard let object = value?.object else {
      throw CommandError(
        "input", "spring: missing; give {\"response\", \"dampingRatio\"}, {\"mass\", \"stiffness\", \"damping\"}, {\"duration\", \"bounce\"} or another family")
    }
    var parameters = SpringParameters()
    for (key, entry) in object.sorted(by: { $0.key < $1.key }) {
      if key == "preset" {
        guard let name = entry.string else { throw CommandError("input", "spring.preset: must be a string") }
        parameters.preset = name
      } else {
        guard SpringParameters.numberNames.contains(key) else {
          throw CommandError("input", "spring.\(key): unknown; known: \(SpringParameters.names.joined(separator: ", "))")
        }
        parameters.numbers[key] = try number(entry, "spring.\(key)")
      }
    }
    do {
      return try parameters.spring()
    } catch {
      throw CommandError("input", "spring: " + error.message(naming: { "\"\($0)\"" }))
    }
  }
}
