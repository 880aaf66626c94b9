import Foundation
import Testing

/// The house rules of `Sources/Harmonic`, read from the source files
/// themselves: which files may import what, and which rooms (folders) may use
/// which. The DocC article Architecture.md states the same graph.
@Suite("Architecture")
struct ArchitectureTests {
  /// The rooms and the rooms each may use (directly). Dependencies run one
  /// way: nothing here may name a room that uses it.
  static let allowedDependencies: [String: Set<String>] = [
    "Platform": [],
    "Numerics": [],
    "Errors": [],
    "Time": ["Errors"],
    "Springs": ["Numerics", "Errors", "Time"],
    "Batch": ["Platform", "Numerics", "Errors", "Time", "Springs"],
    "Scrolling": ["Numerics", "Errors", "Time", "Springs"],
    "Layout": ["Platform", "Numerics", "Errors", "Scrolling"],
    "Transitions": ["Platform", "Numerics", "Errors", "Time", "Springs", "Batch", "Scrolling", "Layout"],
    "Values": ["Platform", "Numerics", "Errors", "Time", "Springs", "Scrolling", "Layout"],
    "Hosting": ["Platform", "Numerics", "Errors", "Time", "Springs", "Scrolling", "Layout", "Transitions", "Values"],
  ]

  /// Modules a source file may import, by file (relative to Sources/Harmonic).
  /// Everything not listed imports nothing.
  static let allowedImports: [String: Set<String>] = [
    "Platform/Platform.swift": ["Glibc", "Musl", "Darwin", "Foundation", "CoreGraphics", "QuartzCore"],
    "Platform/_BLAS.swift": ["_HarmonicBLAS"],
    "Platform/_StepBasisKernel.swift": ["_HarmonicLanes"],
    "Platform/_Parallel.swift": ["Dispatch"],
    // The UIKit shim imports the interface of UIKit's API and Harmonic when the
    // Linux tests compile it on its own (HARMONIC_APPLE_INTERFACE).
    "Hosting/LayoutAnimator+UIKit.swift": ["UIKit", "_AppleInterface", "Harmonic"],
    "Hosting/HarmonicTransitionLayout+UIKit.swift": ["UIKit", "_AppleInterface", "Harmonic"],
    "Hosting/HarmonicLayoutSprings+UIKit.swift": ["UIKit", "_AppleInterface", "Harmonic"],
    "Hosting/HarmonicScreenTransition+UIKit.swift": ["UIKit", "_AppleInterface", "Harmonic"],
    "Hosting/LayoutAnimator+DisplayLink.swift": ["UIKit"],
    "Hosting/HarmonicSpringAnimation+SwiftUI.swift": ["SwiftUI", "_AppleInterface", "Harmonic"],
    "Hosting/HarmonicScrollTargetBehavior+SwiftUI.swift": ["SwiftUI", "_AppleInterface", "Harmonic"],
  ]

  struct SourceFile {
    var path: String  // relative to Sources/Harmonic
    var room: String
    var code: String  // comments and string literals removed
    var imports: [String]
  }

  static let sources: [SourceFile] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Harmonic")
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var files: [SourceFile] = []
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      let path = String(url.path.dropFirst(root.path.count + 1))
      let room = path.split(separator: "/").first.map(String.init) ?? ""
      let imports = text.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(of: "import"),
          keyword == words.startIndex
            || words[words.startIndex..<keyword].allSatisfy({ $0.hasPrefix("@") })
        else { return nil }
        return words.indices.contains(keyword + 1) ? String(words[keyword + 1]) : nil
      }
      files.append(SourceFile(path: path, room: room, code: strippingCommentsAndStrings(text), imports: imports))
    }
    return files.sorted { $0.path < $1.path }
  }()

  static func strippingCommentsAndStrings(_ text: String) -> String {
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
      let rest = text[index...]
      if rest.hasPrefix("//") {
        index = rest.firstIndex(of: "\n") ?? text.endIndex
      } else if rest.hasPrefix("/*") {
        index = rest.range(of: "*/").map(\.upperBound) ?? text.endIndex
      } else if rest.hasPrefix("\"") {
        // Skip a string literal (escapes included); interpolations are lost,
        // which only hides names, never invents them.
        var cursor = text.index(after: index)
        while cursor < text.endIndex, text[cursor] != "\"" {
          cursor = text[cursor] == "\\" ? text.index(cursor, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex : text.index(after: cursor)
        }
        index = cursor < text.endIndex ? text.index(after: cursor) : cursor
        result += "\"\""
      } else {
        result.append(text[index])
        index = text.index(after: index)
      }
    }
    return result
  }

  /// Top-level declarations (types, functions, globals) of a file.
  static func declaredNames(_ code: String) -> [String] {
    let pattern =
      #/^(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|actor|protocol|typealias|func|let|var)\s+([A-Za-z_][A-Za-z0-9_]*)/#
    return code.split(separator: "\n").compactMap { line in (try? pattern.prefixMatch(in: line)).map { String($0.1) } }
  }

  static func words(_ code: String) -> Set<String> {
    Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
  }

  @Test("every source file lives in a known room")
  func roomsAreKnown() {
    #expect(!Self.sources.isEmpty)
    for file in Self.sources {
      #expect(Self.allowedDependencies[file.room] != nil, "\(file.path) is not in a room listed in ArchitectureTests")
    }
  }

  @Test("only Platform/Platform.swift imports Foundation and the C library (so the platform libm cannot be called elsewhere)")
  func importsStayInThePlatformRoom() {
    for file in Self.sources {
      let allowed = Self.allowedImports[file.path] ?? []
      for module in file.imports {
        #expect(allowed.contains(module), "\(file.path) imports \(module); only \(Self.allowedImports.keys.sorted()) may import platform modules")
      }
    }
  }

  @Test("dependencies between rooms run one way, as the Architecture article states")
  func dependenciesRunOneWay() {
    var owner: [String: String] = [:]
    for file in Self.sources {
      for name in Self.declaredNames(file.code) { owner[name] = file.room }
    }
    #expect(owner["SpringBatch"] == "Batch" && owner["_partitionPoint"] == "Numerics" && owner["CGPoint"] == "Platform")
    for file in Self.sources {
      let allowed = (Self.allowedDependencies[file.room] ?? []).union([file.room])
      for name in Self.words(file.code).sorted() {
        guard let room = owner[name] else { continue }
        #expect(allowed.contains(room), "\(file.path) (room \(file.room)) uses \(name) from \(room)")
      }
    }
  }

  @Test("the Architecture article's dependency graph is the one the tests enforce")
  func articleStatesTheGraph() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Harmonic/Harmonic.docc/Architecture.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Room") && !$0.hasPrefix("| Product") }
      .filter { line in Self.allowedDependencies.keys.contains { line.hasPrefix("| \($0) |") } }
    #expect(rows.count == Self.allowedDependencies.count, "one row per room, no more: \(rows)")
    for (room, uses) in Self.allowedDependencies {
      let line = "| \(room) | \(uses.isEmpty ? "—" : Self.orderedRooms.filter(uses.contains).joined(separator: ", ")) |"
      #expect(text.contains(line), "Architecture.md lacks the row: \(line)")
    }
  }

  static let orderedRooms = ["Platform", "Numerics", "Errors", "Time", "Springs", "Batch", "Scrolling", "Layout", "Transitions", "Values", "Hosting"]

  @Test("the Architecture article's tree names every room and every file of Sources/Harmonic, and no other")
  func articleTreeNamesEveryFile() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/Harmonic/Harmonic.docc/Architecture.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    // The rooms' entries: from a line "  Room/" to the next room or the next top-level line.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = try #require(lines.firstIndex { $0.hasPrefix("Sources/Harmonic/ ") })
    let last = try #require(lines.firstIndex { $0.hasPrefix("Sources/HarmonicTuning/ ") })
    var entries: [String: String] = [:]
    var current: String?
    for line in lines[(first + 1)..<last] {
      if line.hasPrefix("  "), !line.hasPrefix("   "), let slash = line.firstIndex(of: "/") {
        current = String(line[line.index(line.startIndex, offsetBy: 2)..<slash])
        entries[current!] = String(line[line.index(after: slash)...])
      } else if let room = current, line.hasPrefix("                            ") {
        entries[room]! += " " + line.trimmingCharacters(in: .whitespaces)
      } else {
        current = nil
      }
    }
    #expect(Set(entries.keys) == Set(Self.orderedRooms), "rooms in the tree: \(entries.keys.sorted())")
    // Each file by its parts: "Base+Part.swift" needs "Base" and "+Part" in its room's entry.
    func words(_ entry: String) -> Set<String> {
      Set(entry.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "+") }).map(String.init))
    }
    var named: [String: Set<String>] = [:]
    for file in Self.sources {
      let name = String(file.path.split(separator: "/").last!.dropLast(".swift".count))
      let parts = name.split(separator: "+", maxSplits: 1).map(String.init)
      let inEntry = words(entries[file.room] ?? "")
      #expect(inEntry.contains(parts[0]), "Architecture.md's \(file.room)/ does not name \(parts[0]) (\(file.path))")
      if parts.count == 2 { #expect(inEntry.contains("+" + parts[1]), "Architecture.md's \(file.room)/ does not name +\(parts[1]) (\(file.path))") }
      named[file.room, default: []].formUnion(parts.count == 2 ? [parts[0], "+" + parts[1]] : [parts[0]])
    }
    // And nothing that is not a file: every "+Part" the tree names is one.
    for (room, entry) in entries {
      for part in words(entry) where part.hasPrefix("+") {
        #expect(named[room, default: []].contains(part), "Architecture.md's \(room)/ names \(part), which no file is")
      }
    }
  }

  /// Range checks go through `_Check`, with its named limits; a throw written
  /// inline is left only for a relation between parameters (insets against a
  /// viewport, counts that must add up). The ceiling keeps new inline checks
  /// from creeping back in.
  @Test("at most 40 inline invalidParameter throws outside _Check, each a relation between parameters")
  func rangeChecksGoThroughCheck() {
    var inline: [String] = []
    for file in Self.sources where file.path != "Errors/_Check.swift" {
      let lines = file.code.split(separator: "\n")
      for line in lines where line.contains("throw .invalidParameter") || line.contains("throw HarmonicError.invalidParameter") {
        inline.append(file.path)
      }
    }
    #expect(!inline.isEmpty, "the count reads the sources")
    #expect(inline.count <= 40, "\(inline.count) inline throws: \(Dictionary(grouping: inline, by: { $0 }).mapValues(\.count))")
  }

  /// The public declarations, each with its continuation lines (parameters
  /// on the lines after `public init(`), comments left out.
  static func publicDeclarations(_ file: SourceFile) -> [String] {
    var result: [String] = [], current: String? = nil, depth = 0
    for raw in file.code.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("//") { continue }
      if current == nil, line.hasPrefix("public ") || line.hasPrefix("open ") || line.hasPrefix("@inlinable public ") {
        (current, depth) = ("", 0)
      }
      guard var declaration = current else { continue }
      let code = line.split(separator: "{", maxSplits: 1).first.map(String.init) ?? ""
      declaration += " " + code
      depth += code.filter { $0 == "(" }.count - code.filter { $0 == ")" }.count
      if line.contains("{") || (depth <= 0 && !line.hasSuffix(",") && !line.hasSuffix("(")) {
        result.append(declaration)
        current = nil
      } else {
        current = declaration
      }
    }
    return result
  }

  @Test("public names keep the Glossary: rate only in decelerationRate, origin only on FrameClock, every start a tick, isRightToLeft, no engine phase")
  func glossary() throws {
    let startType = try Regex(#"\bstart(?:\s+[a-zA-Z]+)?\s*:\s*([A-Za-z]+)"#)
    let plainLabel = try Regex(#"[(,]\s*rightToLeft\s*:"#)
    var declarations = 0
    for file in Self.sources {
      for declaration in Self.publicDeclarations(file) {
        declarations += 1
        let words = Self.words(declaration)
        #expect(!words.contains("rate") && !words.contains("rates"), "\(file.path): a rate that is not a deceleration rate: \(declaration)")
        #expect(!words.contains("origin") || file.path == "Time/FrameClock.swift", "\(file.path): an origin that is not the clock's: \(declaration)")
        for match in declaration.matches(of: startType) {
          let type = match.output[1].substring.map(String.init) ?? ""
          #expect(type == "AnimationTime", "\(file.path): a start that is not a tick (\(type)): \(declaration)")
        }
        #expect(declaration.firstMatch(of: plainLabel) == nil, "\(file.path): rightToLeft: instead of isRightToLeft: \(declaration)")
      }
      for name in Self.declaredNames(file.code) where name.hasSuffix("Phase") {
        #expect(name == "ScrollPhase", "\(file.path): \(name) — an engine state is a stage, a phase is a scroll measure")
      }
    }
    #expect(declarations > 700, "the scan reads the public declarations (\(declarations))")
  }
}
