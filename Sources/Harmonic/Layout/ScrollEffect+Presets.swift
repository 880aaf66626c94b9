// The preset effects. p is the element's phase, c = clamp(p, −1, 1),
// a = |c|, d its distance from the reference in points (reading order), s
// the reading direction's sign on screen (−1 in RTL). Each preset states its
// formula; ScrollEffectTests pins each at chosen phases against values
// computed by hand from these formulas.
extension ScrollEffect {
  /// A carousel that shrinks and fades cards by their distance from the
  /// reference: scale `1 − (1 − minimumScale)·a`, alpha times
  /// `1 − (1 − minimumAlpha)·a`, the nearest card on top (zIndex
  /// −round(100·|p|)). Use it with a ``ScrollPhase/Scale/pitch(_:)`` phase
  /// so that one card away is the full effect.
  ///
  /// - Parameters:
  ///   - minimumScale: the scale one unit of phase away, in [0, 1] (clamped).
  ///   - minimumAlpha: the alpha factor there, in [0, 1] (clamped).
  public static func scaleAndFade(minimumScale: Double = 0.8, minimumAlpha: Double = 0.5) -> ScrollEffect {
    let (scale, alpha) = (_unit(minimumScale), _unit(minimumAlpha))
    // Shrinks about the element's own center: it draws only inside its frame.
    return ScrollEffect(reach: .none) { attributes, input in
      let a = input.clampedPhase.magnitude
      let k = 1 - (1 - scale) * a
      attributes._then(.scale(k, k))
      attributes.alpha *= 1 - (1 - alpha) * a
      attributes._stackOrder(input.phase)
    }
  }

  /// A deck of cards: the cards after the reference (p > 0) wait stacked
  /// behind it — pulled back onto the reference, each `peek` points
  /// further along and `scaleStep` smaller per unit of phase, up to
  /// `visibleCount` cards deep (deeper ones fade out over the next unit) —
  /// and the card before it (p < 0) leaves at its own place, fading over
  /// one unit. Translation `(−d + peek·q)` along the axis with q =
  /// min(p, visibleCount), scale `1 − scaleStep·q`, alpha times
  /// `clamp(1 − (p − visibleCount), 0, 1)`; before the reference, alpha
  /// times `1 − a`. zIndex −round(100·p) — signed, so the card leaving the
  /// top stays above every waiting card until it is gone (it is being lifted
  /// off the deck; with −round(100·|p|) it would sink under the next card
  /// once past half, as if it slid beneath the deck).
  ///
  /// - Parameters:
  ///   - peek: points each waiting card shows beyond the one above it
  ///     (within ±1e12, clamped; a non-finite one is 0).
  ///   - scaleStep: how much smaller each waiting card is, in [0, 1) (clamped).
  ///   - visibleCount: how many waiting cards show (≥ 0).
  public static func stack(peek: Double = 12, scaleStep: Double = 0.05, visibleCount: Int = 3) -> ScrollEffect {
    let peek = _length(peek)
    let step = Swift.min(_unit(scaleStep), 0.999)
    let deep = Double(Swift.max(visibleCount, 0))
    // Waiting cards are drawn in up to `visibleCount` units away, and fade over one more.
    return ScrollEffect(reach: Reach(phase: deep + 1)) { attributes, input in
      let p = input.phase
      if p <= 0 {
        attributes.alpha *= 1 - input.clampedPhase.magnitude
      } else {
        let q = Swift.min(p, deep)
        attributes._then(.scale(1 - step * q, 1 - step * q))
        attributes._then(input.translation(along: -input.distance + peek * q))
        attributes.alpha *= Swift.min(Swift.max(1 - (p - deep), 0), 1)
      }
      attributes._signedStackOrder(p)
    }
  }

  /// Cover flow: cards turn about the cross axis as they leave the
  /// reference, seen in perspective, and shrink. Rotation `−s·c·maximumAngle`
  /// about the y axis (a horizontal scroll) or `c·maximumAngle` about the x
  /// axis (a vertical one), then perspective from `perspective` points;
  /// scale `1 − (1 − minimumScale)·a` (the 2-D transform); zIndex
  /// −round(100·|p|).
  ///
  /// - Parameters:
  ///   - maximumAngle: radians at one unit of phase (default 50°).
  ///   - perspective: the eye's distance, points (≥ 1; default 600, also
  ///     for a smaller or non-finite distance).
  ///   - minimumScale: the scale at one unit of phase, in [0, 1] (clamped).
  public static func coverFlow(maximumAngle: Double = 50 * .pi / 180, perspective: Double = 600, minimumScale: Double = 0.85) -> ScrollEffect {
    let eye = _eye(perspective, 600)
    let (angle, scale) = (maximumAngle.isFinite ? maximumAngle : 0, _unit(minimumScale))
    // A turned card's near side grows in perspective past its frame: one unit.
    return ScrollEffect(reach: Reach(phase: 1)) { attributes, input in
      let c = input.clampedPhase
      let turn: Transform3D =
        input.axis == .horizontal ? ._rotation(-input.direction * c * angle, about: .y) : ._rotation(c * angle, about: .x)
      attributes._then(turn._concatenating(._perspective(distance: eye)))
      let k = 1 - (1 - scale) * c.magnitude
      attributes._then(.scale(k, k))
      attributes._stackOrder(input.phase)
    }
  }

  /// A cube: pages are faces of a box turning about the edge they share
  /// with the page at the reference. A page after the reference (p > 0)
  /// turns about its leading edge, one before it about its trailing edge,
  /// by `c·90°` (in screen terms `s·c·90°` about the y axis for a
  /// horizontal scroll, `−c·90°` about x for a vertical one), in
  /// perspective from `perspective` points; hidden (alpha 0) from one unit
  /// of phase away, where the face is edge-on.
  ///
  /// Pair it with paging (a page per viewport and a
  /// ``ScrollPhase/Scale/viewport`` phase with center alignment, or a
  /// pitch equal to the page extent).
  public static func cube(perspective: Double = 600) -> ScrollEffect {
    let eye = _eye(perspective, 600)
    return ScrollEffect(reach: Reach(phase: 1)) { attributes, input in
      let c = input.clampedPhase
      guard c.magnitude < 1 else {
        attributes.alpha = 0
        return
      }
      let extent = Double(input.axis == .horizontal ? attributes.size.width : attributes.size.height)
      // The hinge, from the element's center along the axis in reading order.
      let hinge = (c > 0 ? -extent : extent) / 2
      attributes._then(_hinged(c * .pi / 2, at: hinge, input: input, eye: eye))
      attributes._stackOrder(input.phase)
    }
  }

  /// A page turn: the page before the reference (p < 0) turns over about
  /// its leading edge, by `|c|·90°` (edge-on, and hidden, at one unit): its
  /// free edge recedes from the viewer (into the screen, smaller in
  /// perspective) while the leading edge stays in place — on both axes and
  /// in right to left — so the page beneath shows more as the turn goes on
  /// (a page lifted toward the viewer would hide it until past 45°; layers
  /// are drawn by zIndex, not by depth, so the turning page stays on top);
  /// the page after it (p > 0) waits under the current one,
  /// pulled back onto the reference (translation −d along the axis),
  /// revealed as the page above turns. Perspective from `perspective`
  /// points; zIndex −round(100·|p|) before and −100 − round(100·p) after
  /// the reference, so the turning page is above every waiting one.
  public static func pageTurn(perspective: Double = 1000) -> ScrollEffect {
    let eye = _eye(perspective, 1000)
    // The waiting page (p < 1) is pulled back onto the reference.
    return ScrollEffect(reach: Reach(phase: 1)) { attributes, input in
      let p = input.phase, c = input.clampedPhase
      if p <= 0 {
        guard c > -1 else {
          attributes.alpha = 0
          return
        }
        let extent = Double(input.axis == .horizontal ? attributes.size.width : attributes.size.height)
        // Back onto the reference, then turned about the leading edge.
        attributes._then(input.translation(along: -input.distance))
        attributes._then(_hinged(-c * .pi / 2, at: -extent / 2, input: input, eye: eye))
        attributes._stackOrder(p)
      } else {
        attributes._then(input.translation(along: -input.distance))
        if p >= 1 { attributes.alpha = 0 }
        let rank = (p * 100).rounded()
        attributes.zIndex = rank < 0x1p52 ? -100 - Int(rank) : -(1 << 53)
      }
    }
  }

  /// Parallax: the element moves at `1 − factor` of the scroll's speed —
  /// translation `−factor·d` along the axis — so with a factor of 0.5 a
  /// background image trails the content by half. Factors outside [−1, 1]
  /// are clamped.
  public static func parallax(factor: Double = 0.5) -> ScrollEffect {
    let factor = factor.isNaN ? 0 : Swift.min(Swift.max(factor, -1), 1)
    // Drawn at (1 − factor)·d: from up to factor/(1 − factor) viewports away (all of them at 1).
    let reach = factor <= 0 ? Reach.none : factor >= 1 ? Reach(viewports: .infinity) : Reach(viewports: factor / (1 - factor))
    return ScrollEffect(reach: reach) { attributes, input in
      attributes._then(input.translation(along: -factor * input.distance))
    }
  }

  /// A rotary wheel (a dial, a picker drum seen from the front): elements
  /// ride a circle of `radius` points whose top is the reference, `angle`
  /// radians apart per unit of phase. With θ = p·angle the element moves
  /// from its place onto the circle — translation `radius·sin θ − d` along
  /// the axis (reading order) and `radius·(1 − cos θ)` across it — and
  /// turns by `s·θ` (a horizontal scroll) or `−θ` (a vertical one); hidden
  /// past a quarter turn (|θ| ≥ 90°). A radius beyond ±1e12 points is
  /// clamped there, a non-finite one is 0, and so is a non-finite angle.
  public static func rotaryWheel(radius: Double = 400, angle: Double = 20 * .pi / 180) -> ScrollEffect {
    let (radius, angle) = (_length(radius), angle.isFinite ? angle : 0)
    // Drawn on the circle while |p·angle| < 90° (any phase for angle 0).
    return ScrollEffect(reach: Reach(phase: angle == 0 ? .infinity : .pi / 2 / angle.magnitude)) { attributes, input in
      let theta = input.phase * angle
      guard theta.magnitude < .pi / 2 else {
        attributes.alpha = 0
        return
      }
      let (sine, cosine) = (_Math.sin(theta), _Math.cos(theta))
      let turn = input.axis == .horizontal ? input.direction * theta : -theta
      attributes._then(._rotation(turn))
      attributes._then(input.translation(along: radius * sine - input.distance, across: radius * (1 - cosine)))
      attributes._stackOrder(input.phase)
    }
  }

  /// Zoom and fade: scale `1 + (scale − 1)·a` and alpha times `1 − a` — with a
  /// `scale` below 1 elements shrink away as they leave (zoom out), above 1
  /// they grow (zoom in). zIndex −round(100·|p|).
  ///
  /// - Parameter scale: the scale at one unit of phase, in [0, 10] (clamped).
  public static func zoomAndFade(scale: Double = 0.5) -> ScrollEffect {
    let scale = scale.isNaN ? 1 : Swift.min(Swift.max(scale, 0), 10)
    // Growing (scale > 1) reaches into the viewport from up to one unit away; hidden beyond.
    return ScrollEffect(reach: scale > 1 ? Reach(phase: 1) : .none) { attributes, input in
      let a = input.clampedPhase.magnitude
      let k = 1 + (scale - 1) * a
      attributes._then(.scale(k, k))
      attributes.alpha *= 1 - a
      attributes._stackOrder(input.phase)
    }
  }

  /// Dissolve: elements do not move; each stays on the reference
  /// (translation −d along the axis) and fades, alpha times `1 − a`, so
  /// one page dissolves into the next. zIndex −round(100·|p|).
  public static let dissolve = ScrollEffect(reach: Reach(phase: 1)) { attributes, input in
    attributes._then(input.translation(along: -input.distance))
    attributes.alpha *= 1 - input.clampedPhase.magnitude
    attributes._stackOrder(input.phase)
  }

  /// Turn and fade: a turn of `s·c·angle` in the screen's plane (a
  /// horizontal scroll; `c·angle` for a vertical one) and alpha times
  /// `1 − a·fade`.
  ///
  /// - Parameters:
  ///   - angle: radians at one unit of phase.
  ///   - fade: how much alpha is lost at one unit, in [0, 1] (clamped).
  public static func turnAndFade(angle: Double = .pi / 8, fade: Double = 0.5) -> ScrollEffect {
    let (angle, fade) = (angle.isFinite ? angle : 0, _unit(fade))
    // A turned element's corners reach past its frame: one unit.
    return ScrollEffect(reach: Reach(phase: 1)) { attributes, input in
      let c = input.clampedPhase
      attributes._then(._rotation((input.axis == .horizontal ? input.direction : 1) * c * angle))
      attributes.alpha *= 1 - c.magnitude * fade
    }
  }

  /// A perspective distance: finite and at least 1 point, else `standard`
  /// (a subnormal distance would make −1/d infinite).
  static func _eye(_ perspective: Double, _ standard: Double) -> Double {
    perspective >= 1 && perspective.isFinite ? perspective : standard
  }

  /// A length in points clamped into ±1e12 (``_Check/maximumLength``), a
  /// non-finite one 0: a preset multiplies it by phases and factors, and
  /// 1e308 points would overflow to an infinite translation.
  static func _length(_ x: Double) -> Double {
    x.isFinite ? Swift.min(Swift.max(x, -_Check.maximumLength), _Check.maximumLength) : 0
  }

  /// A value clamped into [0, 1] (NaN is 1: no effect).
  static func _unit(_ x: Double) -> Double { x.isNaN ? 1 : Swift.min(Swift.max(x, 0), 1) }

  /// A turn by `angle` (reading-order sense) about an edge `hinge` points
  /// from the element's center along the axis, seen from `eye` points.
  static func _hinged(_ angle: Double, at hinge: Double, input: Input, eye: Double) -> Transform3D {
    let h = hinge * input.direction
    if input.axis == .horizontal {
      return Transform3D.translation(x: -h, y: 0)
        ._concatenating(._rotation(input.direction * angle, about: .y))
        ._concatenating(.translation(x: h, y: 0))
        ._concatenating(._perspective(distance: eye))
    }
    return Transform3D.translation(x: 0, y: -h)
      ._concatenating(._rotation(-angle, about: .x))
      ._concatenating(.translation(x: 0, y: h))
      ._concatenating(._perspective(distance: eye))
  }
}
