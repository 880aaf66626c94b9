// The tuning page. Every number it shows comes from the server's /api/
// endpoints (the Harmonic library); this script only draws and plays them.
"use strict";

const FAMILIES = {
  response: ["response", "dampingRatio"],
  duration: ["duration", "bounce"],
  physical: ["mass", "stiffness", "damping"],
  stiffnessRatio: ["stiffness", "dampingRatio"],
  origami: ["tension", "friction"],
  pop: ["bounciness", "speed"],
};
// Where describe JSON holds each family's field (when not under its own name).
const DESCRIBED = { tension: "origamiTension", friction: "origamiFriction", bounciness: "popBounciness", speed: "popSpeed" };

// Platforms' named springs, as their documentation gives them: [group, name, family, values].
const PRESETS = [
  ["SwiftUI", ".smooth", "duration", { duration: 0.5, bounce: 0 }],
  ["SwiftUI", ".snappy", "duration", { duration: 0.5, bounce: 0.15 }],
  ["SwiftUI", ".bouncy", "duration", { duration: 0.5, bounce: 0.3 }],
  // extraBounce adds to the preset's bounce.
  ["SwiftUI", ".smooth(extraBounce: 0.1)", "duration", { duration: 0.5, bounce: 0.1 }],
  ["SwiftUI", ".snappy(extraBounce: 0.1)", "duration", { duration: 0.5, bounce: 0.25 }],
  ["SwiftUI", ".bouncy(extraBounce: 0.1)", "duration", { duration: 0.5, bounce: 0.4 }],
  ["SwiftUI", ".spring() (response 0.5, damping fraction 0.825)", "response", { response: 0.5, dampingRatio: 0.825 }],
  ["SwiftUI", ".interactiveSpring()", "response", { response: 0.15, dampingRatio: 0.86 }],
  ["UIKit / Core Animation", "CASpringAnimation default", "physical", { mass: 1, stiffness: 100, damping: 10 }],
  ["Facebook POP", "POPSpringAnimation default", "pop", { bounciness: 4, speed: 12 }],
  ["Rebound / Origami", "SpringConfig default", "origami", { tension: 40, friction: 7 }],
  ["Framer Motion / Motion", "type: \"spring\" default", "physical", { mass: 1, stiffness: 100, damping: 10 }],
  ["react-spring", "config.default", "physical", { mass: 1, stiffness: 170, damping: 26 }],
  ["React Native Reanimated 3", "withSpring default", "physical", { mass: 1, stiffness: 100, damping: 10 }],
];
// Android SpringForce and Jetpack Compose's Spring: stiffness × damping ratio constants (mass 1).
const ANDROID_STIFFNESS = [["HIGH", 10000], ["MEDIUM", 1500], ["LOW", 200], ["VERY_LOW", 50]];
const COMPOSE_STIFFNESS = [["High", 10000], ["Medium", 1500], ["MediumLow", 400], ["Low", 200], ["VeryLow", 50]];
const RATIOS = [["HIGH_BOUNCY", "HighBouncy", 0.2], ["MEDIUM_BOUNCY", "MediumBouncy", 0.5], ["LOW_BOUNCY", "LowBouncy", 0.75], ["NO_BOUNCY", "NoBouncy", 1]];
for (const [name, k] of ANDROID_STIFFNESS) for (const [ratio, , zeta] of RATIOS) {
  PRESETS.push(["Android SpringForce", `STIFFNESS_${name} × DAMPING_RATIO_${ratio}${name === "MEDIUM" && ratio === "MEDIUM_BOUNCY" ? " (default)" : ""}`, "stiffnessRatio", { stiffness: k, dampingRatio: zeta }]);
}
for (const [name, k] of COMPOSE_STIFFNESS) for (const [, ratio, zeta] of RATIOS) {
  PRESETS.push(["Jetpack Compose spring()", `Stiffness${name} × DampingRatio${ratio}${name === "Medium" && ratio === "NoBouncy" ? " (default)" : ""}`, "stiffnessRatio", { stiffness: k, dampingRatio: zeta }]);
}
const SAMPLES = 241;          // points per curve
const MAX_PINS = 5;

const state = {
  spring: null,               // describe JSON of the current spring
  relativeVelocity: 0,
  tolerance: 0.01,
  pins: [],                   // {label, spring, velocity, curve}
  overlay: null,              // {kind: "bezier"|"points", points: [[t, v]…]}
  curve: null,                // {times, values, velocities, settle}
  fps: 60,
  request: 0,                 // the newest spring update; older answers are dropped
  lockAxis: false,            // keep the time axis where it is
  requests: {},               // requests sent, by endpoint (the browser test reads it)
};

// Answers already computed: settle times by spring, velocity and band; pins'
// curves by spring and velocity with the span they cover.
const cache = { settle: new Map(), curves: new Map() };
const springKey = (spring, velocity) => [spring.mass, spring.stiffness, spring.damping, velocity].join(",");

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
const SVG = "http://www.w3.org/2000/svg";

function status(message) { $("#status").textContent = message || ""; }

// The banner for a server that does not answer (shown until one answers again).
function offline(isOffline) {
  const banner = $("#offline");
  if (banner) banner.hidden = !isOffline;
}

// Requests in flight: the page says it is busy while there are any.
let inFlight = 0;

async function api(endpoint, params, body) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) query.set(key, String(value));
  let response;
  inFlight += 1;
  state.requests[endpoint] = (state.requests[endpoint] || 0) + 1;
  document.body.setAttribute("aria-busy", "true");
  try {
    response = await fetch(`/api/${endpoint}?${query}`, body === undefined ? {} : { method: "POST", body });
  } catch {
    // No answer at all (the browser's "Failed to fetch"): the server stopped or the network is down.
    offline(true);
    const error = new Error("The tuning server does not answer: is `harmonic tune` still running? The page shows the last spring it computed.");
    error.offline = true;
    throw error;
  } finally {
    inFlight -= 1;
    if (inFlight === 0) document.body.removeAttribute("aria-busy");
  }
  offline(false);
  const json = await response.json();
  if (!response.ok) {
    // The message names the parameter already ("mass: must be …"): not again.
    const error = new Error(json.error);
    error.parameter = json.parameter;
    throw error;
  }
  return json;
}

function springParams(spring) {
  return { mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping };
}

// ---- Controls ------------------------------------------------------------

function setField(fieldset, name, value) {
  for (const input of $$(`input[name="${name}"]`, fieldset)) {
    if (document.activeElement === input) continue;
    input.value = Number.isFinite(value) ? +value.toPrecision(6) : "";
    // A family that cannot express this spring (negative Origami friction, say) says so.
    input.placeholder = Number.isFinite(value) ? "" : "none";
  }
}

function showSpring(spring, except) {
  for (const fieldset of $$("fieldset[data-family]")) {
    const family = fieldset.dataset.family;
    if (family === except || family === "motion") continue;
    for (const name of FAMILIES[family]) {
      // Android's SpringForce has mass 1: the same motion's stiffness is k/m.
      const value = family === "stiffnessRatio" && name === "stiffness" ? spring.stiffness / spring.mass : spring[DESCRIBED[name] || name];
      setField(fieldset, name, value);
    }
  }
  const node = $("#figures");
  node.dataset.mass = spring.mass; node.dataset.stiffness = spring.stiffness; node.dataset.damping = spring.damping;
  const rows = [
    ["natural frequency", `${fmt(spring.naturalFrequency)} rad/s`],
    ["damping ratio ζ", fmt(spring.dampingRatio)],
    ["overshoot", spring.overshoot === null ? "—" : `${fmt(spring.overshoot * 100)} %`],
    ["settles (±0.001)", spring.settlingDuration === null ? "never" : `${fmt(spring.settlingDuration)} s`],
    ["damped period", spring.dampedPeriod === null ? "— (no oscillation)" : `${fmt(spring.dampedPeriod)} s`],
  ];
  node.replaceChildren(...rows.flatMap(([key, value]) => [el("dt", key), el("dd", value)]));
}

function fmt(x) { return x === null || x === undefined ? "—" : (+x.toPrecision(5)).toString(); }

function el(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

async function springFromFamily(family) {
  const fieldset = $(`fieldset[data-family="${family}"]`);
  const params = {};
  for (const name of FAMILIES[family]) params[name] = $(`input[type=number][name="${name}"]`, fieldset).value;
  // Android's SpringForce: mass 1 (no mass parameter, the server's default).
  $$("fieldset").forEach((f) => f.classList.toggle("active", f === fieldset));
  await update(() => api("describe", params), family, fieldset);
}

// Runs `load` (which returns describe JSON), then redraws; answers to older
// requests than the newest are dropped, so a dragged slider never shows a stale curve.
async function update(load, except, fieldset) {
  const request = ++state.request;
  try {
    const spring = await load();
    if (request !== state.request) return;
    state.spring = spring;
    markInvalid(null);
    showSpring(spring, except);
    await redraw(request);
    status("");
  } catch (error) {
    if (request !== state.request) return;
    // The curve and the other fieldsets keep the last valid spring; the
    // field the server named is marked, with the message beside it. With no
    // server, every field goes back to the spring that is drawn.
    if (fieldset && error.parameter) markInvalid(fieldset, error.parameter, error.message);
    else status(error.message);
    if (error.offline && state.spring) showSpring(state.spring);
  }
}

// Marks the inputs named `name` in `fieldset` invalid with `message`
// (fieldset nil: clears every mark).
function markInvalid(fieldset, name, message) {
  for (const input of $$("input[aria-invalid]")) { input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby"); }
  for (const note of $$(".field-error")) note.remove();
  if (!fieldset) return;
  const inputs = $$(`input[name="${name}"]`, fieldset);
  const note = el("p", message, { class: "field-error", role: "alert", id: `error-${fieldset.dataset.family}` });
  fieldset.append(note);
  for (const input of inputs) { input.setAttribute("aria-invalid", "true"); input.setAttribute("aria-describedby", note.id); }
}

function wireControls() {
  for (const fieldset of $$("fieldset[data-family]")) {
    const family = fieldset.dataset.family;
    for (const input of $$("input", fieldset)) {
      let typing = null;
      const apply = () => {
        for (const twin of $$(`input[name="${input.name}"]`, fieldset)) if (twin !== input) twin.value = input.value;
        if (family === "motion") {
          state.relativeVelocity = Number(input.value) || 0;
          update(async () => state.spring);
        } else {
          springFromFamily(family);
        }
      };
      input.addEventListener("input", () => {
        // A slider applies at once; typed digits wait for a pause, so that
        // "0.5" is not sent as "0" on the way.
        clearTimeout(typing);
        if (input.type === "range") apply(); else typing = setTimeout(apply, 350);
      });
      if (input.type === "number") input.addEventListener("change", () => { clearTimeout(typing); apply(); });
    }
  }
  $("#tolerance").addEventListener("change", (event) => {
    state.tolerance = Number(event.target.value);
    update(async () => state.spring);
  });
  $("#pin").addEventListener("click", () => {
    if (!state.spring || !state.curve) return;
    if (state.pins.length === MAX_PINS) state.pins.shift();
    const s = state.spring;
    state.pins.push({ label: `k ${fmt(s.stiffness)}, c ${fmt(s.damping)}, m ${fmt(s.mass)}`, spring: s, velocity: state.relativeVelocity });
    // Its curve is the one drawn: kept, not asked for again.
    cache.curves.set(springKey(s, state.relativeVelocity), { ...state.curve, end: state.timeExtent });
    update(async () => state.spring);
  });
  $("#clear-pins").addEventListener("click", () => { state.pins = []; update(async () => state.spring); });
}

// ---- Curves --------------------------------------------------------------

async function settleTime(spring, velocity) {
  const key = `${springKey(spring, velocity)},${state.tolerance}`;
  if (cache.settle.has(key)) return cache.settle.get(key);
  const json = await api("settle", { ...springParams(spring), relativeVelocity: velocity, valueTolerance: state.tolerance });
  cache.settle.set(key, json.settleTime);
  return json.settleTime;
}

// A pin's curve over [0, end]: the one sampled before while it covers the
// axis at no less than a quarter of its resolution (drawn up to `end`),
// else sampled again.
async function pinCurve(pin, end) {
  const key = springKey(pin.spring, pin.velocity);
  const known = cache.curves.get(key);
  if (known && known.end >= end && end >= known.end / 4) return clip(known, end);
  const sampled = await curve(pin.spring, pin.velocity, end);
  cache.curves.set(key, { ...sampled, end });
  return sampled;
}

function clip(sampled, end) {
  const n = sampled.times.findIndex((t) => t > end);
  if (n < 0) return sampled;
  return { times: sampled.times.slice(0, n), values: sampled.values.slice(0, n), velocities: sampled.velocities.slice(0, n) };
}

async function curve(spring, velocity, end) {
  const times = Array.from({ length: SAMPLES }, (_, i) => +(end * i / (SAMPLES - 1)).toPrecision(12));
  const json = await api("sample", { ...springParams(spring), relativeVelocity: velocity, times: times.join(",") });
  return { times, values: json.samples.map((s) => s.value), velocities: json.samples.map((s) => s.velocity) };
}

async function redraw(request) {
  const all = [{ spring: state.spring, velocity: state.relativeVelocity }, ...state.pins];
  const settles = await Promise.all(all.map((p) => settleTime(p.spring, p.velocity)));
  const overlayEnd = state.overlay ? Math.max(...state.overlay.points.map((p) => p[0])) : 0;
  if (!state.lockAxis || !state.timeExtent) state.timeExtent = timeExtent(all.map((p) => p.spring), settles, overlayEnd);
  const end = state.timeExtent;
  // The current curve is sampled on the axis itself; pins come from the cache when they can.
  const curves = await Promise.all(all.map((p, i) => (i === 0 ? curve(p.spring, p.velocity, end) : pinCurve(p, end))));
  if (request !== state.request) return;
  state.curve = { ...curves[0], settle: settles[0] };
  curves.slice(1).forEach((c, i) => { state.pins[i].curve = c; state.pins[i].settle = settles[i + 1]; });
  drawValue(curves, settles, end);
  drawVelocity(curves, end);
  drawLegend();
  loadSnippets(request);
  saveToURL();
  replay();
}

// The time axis: past the latest settle time (× 1.15), or four periods of
// a spring that never settles (undamped), and at most 10 s — or, for a slow
// spring, at most four of its periods: a spring that settles later is
// marked "off the chart" with its settle time, never cut without a word.
function timeExtent(springs, settles, overlayEnd) {
  const period = (s) => s.dampedPeriod || s.response;
  let end = Math.max(0.2, overlayEnd);
  springs.forEach((s, i) => { end = Math.max(end, settles[i] === null ? 4 * period(s) : settles[i] * 1.15); });
  const cap = Math.max(10, ...springs.map((s) => 4 * period(s)));
  return Math.min(end, cap);
}

function chart(svg, width, height, end, low, high) {
  const pad = { left: 44, right: 12, top: 10, bottom: 24 };
  const x = (t) => pad.left + (t / end) * (width - pad.left - pad.right);
  const y = (v) => pad.top + (1 - (v - low) / (high - low)) * (height - pad.top - pad.bottom);
  svg.replaceChildren();
  const grid = add(svg, "g", { class: "grid" }), axis = add(svg, "g", { class: "axis" });
  for (const t of ticks(0, end, 8)) {
    add(grid, "line", { x1: x(t), x2: x(t), y1: pad.top, y2: height - pad.bottom });
    add(axis, "text", { x: x(t), y: height - 8, "text-anchor": "middle" }).textContent = `${+t.toPrecision(3)} s`;
  }
  for (const v of ticks(low, high, 6)) {
    add(grid, "line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v) });
    add(axis, "text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }).textContent = `${+v.toPrecision(3)}`;
  }
  return { x, y, pad, width, height };
}

function ticks(low, high, count) {
  const raw = (high - low) / count, magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-12; v += step) out.push(Math.abs(v) < 1e-12 ? 0 : v);
  return out;
}

function add(parent, tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  parent.appendChild(node);
  return node;
}

function path(times, values, frame) {
  return times.map((t, i) => `${i ? "L" : "M"}${frame.x(t).toFixed(2)},${frame.y(values[i]).toFixed(2)}`).join("");
}

function extent(lists, low, high) {
  for (const list of lists) for (const v of list) { low = Math.min(low, v); high = Math.max(high, v); }
  const margin = 0.05 * (high - low);
  return [low - margin, high + margin];
}

function drawValue(curves, settles, end) {
  const svg = $("#value-chart");
  const overlayValues = state.overlay ? state.overlay.points.map((p) => p[1]) : [];
  // While a mark is dragged, the value axis holds still too (the pointer maps to values through it).
  const [low, high] = state.dragExtent || extent([...curves.map((c) => c.values), overlayValues], 0, 1);
  const frame = chart(svg, 640, 300, end, low, high);
  add(svg, "rect", { class: "band", x: frame.pad.left, width: 640 - frame.pad.left - frame.pad.right,
    y: frame.y(1 + state.tolerance), height: Math.max(1, frame.y(1 - state.tolerance) - frame.y(1 + state.tolerance)) });
  add(svg, "line", { class: "target", x1: frame.pad.left, x2: 640 - frame.pad.right, y1: frame.y(1), y2: frame.y(1) });
  curves.slice(1).forEach((c, i) => add(svg, "path", { class: "curve pin", id: `value-pin-${i}`, stroke: `var(--pin${i})`, d: path(c.times, c.values, frame) }));
  if (state.overlay) {
    const points = state.overlay.points;
    if (state.overlay.kind === "bezier") {
      add(svg, "path", { class: "overlay", id: "value-overlay", d: path(points.map((p) => p[0]), points.map((p) => p[1]), frame) });
    } else {
      const group = add(svg, "g", { class: "points", id: "value-overlay" });
      for (const [t, v] of points) if (t <= end) add(group, "circle", { cx: frame.x(t), cy: frame.y(v), r: 2.2 });
    }
  }
  const current = curves[0];
  add(svg, "path", { class: "curve current", id: "value-current", d: path(current.times, current.values, frame) });
  // Settle time (exact, for the band shown) and the largest excursion past the target.
  const markers = add(svg, "g", { class: "marker", id: "markers" });
  state.valueFrame = { end, low, high, pad: frame.pad };
  if (settles[0] !== null && settles[0] <= end) {
    add(markers, "line", { x1: frame.x(settles[0]), x2: frame.x(settles[0]), y1: frame.pad.top, y2: 300 - frame.pad.bottom });
    // A wide invisible grip on the settle line: dragged (or the arrow keys), it sets the duration.
    add(markers, "line", { class: "handle", id: "settle-handle", x1: frame.x(settles[0]), x2: frame.x(settles[0]), y1: frame.pad.top,
      y2: 300 - frame.pad.bottom, tabindex: 0, role: "slider", "aria-label": "settle time: drag or use ← → to change the duration",
      "aria-valuenow": settles[0] });
    const right = frame.x(settles[0]) > 640 - 130;
    add(markers, "text", { x: frame.x(settles[0]) + (right ? -4 : 4), y: 300 - frame.pad.bottom - 8, id: "settle-label",
      "text-anchor": right ? "end" : "start" }).textContent = `settles ${fmt(settles[0])} s (±${state.tolerance})`;
  } else {
    // Never, or after the axis ends: said, at the right edge.
    add(markers, "text", { x: 640 - frame.pad.right - 4, y: frame.pad.top + 14, id: "settle-label", "text-anchor": "end" }).textContent =
      settles[0] === null ? "never settles (undamped)" : `settles at ${fmt(settles[0])} s (±${state.tolerance}), off the chart`;
  }
  let peak = 0;
  current.values.forEach((v, i) => { if (v > current.values[peak]) peak = i; });
  const overshoot = current.values[peak] - 1;
  if (overshoot > 1e-4) {
    const t = current.times[peak], v = current.values[peak];
    add(markers, "circle", { cx: frame.x(t), cy: frame.y(v), r: 3.5 });
    // The peak's grip: dragged up or down (or ↑ ↓), it sets the bounce.
    add(markers, "circle", { class: "handle", id: "overshoot-handle", cx: frame.x(t), cy: frame.y(v), r: 9, tabindex: 0, role: "slider",
      "aria-label": "overshoot: drag or use ↑ ↓ to change the bounce", "aria-valuenow": overshoot });
    // Anchored so that the label stays inside the chart near either edge.
    const x = frame.x(t), anchor = x > 640 - 90 ? "end" : x < frame.pad.left + 90 ? "start" : "middle";
    add(markers, "text", { x, y: frame.y(v) + 18, id: "overshoot-label", "text-anchor": anchor }).textContent = `overshoot ${fmt(overshoot * 100)} %`;
  }
  // A grip that had the keyboard's focus keeps it across the redraw.
  if (state.focusedHandle) { const handle = $(`#${state.focusedHandle}`); if (handle) handle.focus(); }
}

// ---- Dragging the marks ----------------------------------------------------

// The settle time scales with the duration at a given bounce (from rest the
// motion is a function of t/duration), and the overshoot of a spring from
// rest is e^(−ζπ/√(1 − ζ²)): a drag turns the mark's new place into a
// duration or a bounce, and the server computes the spring (and the exact
// marks) from those.
function setDurationAndBounce(duration, bounce) {
  const fieldset = $('fieldset[data-family="duration"]');
  for (const input of $$('input[name="duration"]', fieldset)) input.value = +duration.toPrecision(6);
  for (const input of $$('input[name="bounce"]', fieldset)) input.value = +bounce.toPrecision(6);
  springFromFamily("duration");
}

function settleTo(start, seconds) {
  setDurationAndBounce(Math.max(0.01, (start.duration * seconds) / start.settle), start.bounce);
}

function overshootTo(start, overshoot) {
  const o = Math.min(0.95, Math.max(1e-4, overshoot)), log = Math.log(o);
  const zeta = -log / Math.sqrt(Math.PI * Math.PI + log * log);
  setDurationAndBounce(start.duration, 1 - zeta);
}

function wireMarks() {
  const svg = $("#value-chart");
  let drag = null;
  const point = (event) => {
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const { end, low, high, pad } = state.valueFrame;
    return { t: ((p.x - pad.left) / (640 - pad.left - pad.right)) * end, v: low + (1 - (p.y - pad.top) / (300 - pad.top - pad.bottom)) * (high - low) };
  };
  const start = () => ({ duration: state.spring.duration, bounce: state.spring.bounce, settle: state.curve.settle });
  svg.addEventListener("pointerdown", (event) => {
    const id = event.target.id;
    if (id !== "settle-handle" && id !== "overshoot-handle") return;
    event.preventDefault();
    svg.setPointerCapture(event.pointerId);
    // The axis holds still under the pointer while it drags.
    drag = { kind: id, start: start(), axis: state.lockAxis };
    state.lockAxis = true;
    state.dragExtent = [state.valueFrame.low, state.valueFrame.high];
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const { t, v } = point(event);
    if (drag.kind === "settle-handle") settleTo(drag.start, Math.max(0.01, t)); else overshootTo(drag.start, v - 1);
  });
  const release = () => {
    if (!drag) return;
    state.lockAxis = drag.axis || $("#lock-axis").checked;
    state.dragExtent = null;
    drag = null;
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  svg.addEventListener("keydown", (event) => {
    const id = event.target.id, now = start();
    if (id === "settle-handle" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      settleTo(now, now.settle * (event.key === "ArrowRight" ? 1.05 : 1 / 1.05));
    } else if (id === "overshoot-handle" && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      const overshoot = Math.max(...state.curve.values) - 1;
      overshootTo(now, overshoot * (event.key === "ArrowUp" ? 1.15 : 1 / 1.15));
    } else return;
    event.preventDefault();
  });
  svg.addEventListener("focusin", (event) => { state.focusedHandle = event.target.id || null; });
  svg.addEventListener("focusout", () => { setTimeout(() => { if (!svg.contains(document.activeElement)) state.focusedHandle = null; }, 0); });
}

function drawVelocity(curves, end) {
  const svg = $("#velocity-chart");
  const [low, high] = extent(curves.map((c) => c.velocities), 0, 0);
  const frame = chart(svg, 640, 180, end, low === high ? -1 : low, low === high ? 1 : high);
  add(svg, "line", { class: "target", x1: frame.pad.left, x2: 640 - frame.pad.right, y1: frame.y(0), y2: frame.y(0) });
  curves.slice(1).forEach((c, i) => add(svg, "path", { class: "curve pin", stroke: `var(--pin${i})`, d: path(c.times, c.velocities, frame) }));
  add(svg, "path", { class: "curve current", id: "velocity-current", d: path(curves[0].times, curves[0].velocities, frame) });
}

function drawLegend() {
  const s = state.spring;
  const items = [el("li", `current: response ${fmt(s.response)} s, ζ ${fmt(s.dampingRatio)}`, { style: "color: var(--accent)" })];
  state.pins.forEach((p, i) => items.push(el("li", p.label, { style: `color: var(--pin${i})` })));
  if (state.overlay) items.push(el("li", state.overlay.kind === "bezier" ? "cubic-bezier (dashed)" : "samples (dots)", { style: "color: var(--ink)" }));
  $("#legend").replaceChildren(...items);
}

// ---- Export --------------------------------------------------------------

async function loadSnippets(request) {
  try {
    // The snippets carry the drawn curve's initial velocity (a fit's too).
    const json = await api("export", { ...springParams(state.spring), relativeVelocity: state.relativeVelocity });
    if (request !== state.request) return;
    const nodes = json.snippets.map((snippet) => {
      const box = el("div", undefined, { class: "snippet" });
      const bound = snippet.maxError === null ? "no equivalent" : snippet.maxError === 0 ? "same motion" : `max error ${snippet.maxError.toPrecision(2)}`;
      const head = el("header"), title = el("div");
      title.append(el("strong", snippet.title), el("span", bound));
      head.append(title);
      const copy = el("button", "Copy", { type: "button" });
      const code = el("pre", snippet.code, { id: `snippet-${snippet.name}` });
      copy.addEventListener("click", async () => {
        // Said on the button: copied, or why not (no clipboard over plain HTTP from another host).
        try {
          await navigator.clipboard.writeText(snippet.code);
          copy.textContent = "Copied";
        } catch {
          copy.textContent = "Copy failed: select the text";
        }
        setTimeout(() => { copy.textContent = "Copy"; }, 1500);
      });
      head.append(copy);
      box.append(head, code);
      return box;
    });
    $("#snippets").replaceChildren(...nodes);
  } catch (error) {
    $("#snippets").replaceChildren(el("p", `no snippets: ${error.message}`));
  }
}

// ---- Fit -----------------------------------------------------------------

function cubicBezier(x1, y1, x2, y2, x) {
  // CSS cubic-bezier easing: solve x(s) = x by bisection, return y(s).
  const at = (a, b, s) => 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s;
  let low = 0, high = 1;
  for (let i = 0; i < 60; i++) { const mid = (low + high) / 2; if (at(x1, x2, mid) < x) low = mid; else high = mid; }
  return at(y1, y2, (low + high) / 2);
}

function applyFit(json, overlay) {
  state.overlay = overlay;
  state.relativeVelocity = json.initialVelocity || 0;
  for (const input of $$('input[name="relativeVelocity"]')) input.value = +state.relativeVelocity.toPrecision(4);
  fitMessage(`fitted: stiffness ${fmt(json.stiffness)}, damping ${fmt(json.damping)} (mass 1), ` +
    `initial velocity ${fmt(json.initialVelocity)} steps/s; rms ${json.rms.toPrecision(2)}, max error ${json.maxError.toPrecision(2)}`);
  update(() => api("describe", { mass: json.mass, stiffness: json.stiffness, damping: json.damping }));
}

// CSS's easing keywords and their control points.
const EASINGS = {
  linear: [0, 0, 1, 1], ease: [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1], "ease-out": [0, 0, 0.58, 1],
  "ease-in-out": [0.42, 0, 0.58, 1],
};

// The four numbers of "cubic-bezier(a, b, c, d)", "a, b, c, d", "a b c d"
// or a CSS keyword, as the text typed (the server reads the decimals); nil
// when it is none of those.
function bezierNumbers(text) {
  const plain = text.trim().toLowerCase();
  if (EASINGS[plain]) return EASINGS[plain].map(String);
  const inner = plain.replace(/^cubic-bezier\s*\(\s*/, "").replace(/\s*\)\s*$/, "");
  const parts = inner.split(/\s*,\s*|\s+/).filter((part) => part.length > 0);
  return parts.length === 4 ? parts : null;
}

// The fit's outcome, beside the form (not only in the header, out of view).
function fitMessage(text, isError) {
  const node = $("#fit-result");
  node.textContent = text;
  node.classList.toggle("error", !!isError);
  if (isError) node.setAttribute("role", "alert"); else node.removeAttribute("role");
}

function wireFit() {
  $("#fit-bezier").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const numbers = bezierNumbers(form.bezier.value);
    if (!numbers) {
      fitMessage("bezier: give four numbers (x1, y1, x2, y2), cubic-bezier(…) or a keyword: " + Object.keys(EASINGS).join(", "), true);
      return;
    }
    const duration = Number(form.duration.value);
    fitMessage("fitting…");
    try {
      const json = await api("fit", { bezier: numbers.join(","), duration: form.duration.value });
      const [x1, y1, x2, y2] = numbers.map(Number);
      const points = Array.from({ length: 121 }, (_, i) => [duration * i / 120, cubicBezier(x1, y1, x2, y2, i / 120)]);
      applyFit(json, { kind: "bezier", points });
    } catch (error) { fitMessage(error.message, true); }
  });
  $("#fit-csv").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    fitMessage("fitting…");
    try {
      const json = await api("fit", { fitVelocity: form.fitVelocity.checked }, form.csv.value);
      const rows = form.csv.value.split(/\r?\n/).map((line) => line.split(",").map(Number)).filter((r) => r.length >= 2 && r.every(Number.isFinite));
      const span = json.target - json.start;
      applyFit(json, { kind: "points", points: rows.map(([t, v]) => [t, span === 0 ? 0 : (v - json.start) / span]) });
    } catch (error) { fitMessage(error.message, true); }
  });
}

// ---- Previews ------------------------------------------------------------

// The display's frame rate, measured over 30 animation frames: the server
// computes the preview frames at exactly this rate.
function measureFrameRate() {
  return new Promise((resolve) => {
    const stamps = [];
    const step = (now) => {
      stamps.push(now);
      if (stamps.length < 31) return requestAnimationFrame(step);
      const interval = (stamps[30] - stamps[0]) / 30;
      resolve(Math.min(240, Math.max(10, Math.round(1000 / interval))));
    };
    requestAnimationFrame(step);
  });
}

let playing = null;
// Plays frames 0…count − 1 at the page's rate (from frame `first`: a turn
// skips its frame 0, the pose already on screen).
function play(count, apply, done, first = 0) {
  if (playing) cancelAnimationFrame(playing.handle);
  const start = performance.now();
  const tick = (now) => {
    // An animation frame's timestamp can precede the performance.now() taken when it was requested:
    // never before `first` (a turned-back preview must not show again the pose it turned at).
    const k = Math.max(first, Math.min(count - 1, first + Math.floor(((now - start) / 1000) * state.fps)));
    apply(k);
    if (k < count - 1) playing.handle = requestAnimationFrame(tick);
    else { playing = null; if (done) done(); }
  };
  playing = { handle: requestAnimationFrame(tick) };
}

let transitionDirection = "list";
// The preview in flight: the frames playing, the one shown, where they head
// and the interruptions that led there. A click mid-flight turns back from
// the pose shown with its velocities (the server's retarget), no jump.
const preview = { json: null, shown: 0, heading: "list", chain: [], active: false, log: [] };
async function loadTransition(autoplay) {
  const stage = $("#transition-stage");
  let direction = transitionDirection, interrupts = [];
  if (autoplay && preview.active && preview.json) {
    // The server replays at most 16 turns: past them a click lets the preview play on (no restart, no jump).
    if (preview.chain.length >= 16) return;
    interrupts = [...preview.chain, preview.json.frames[preview.shown].time];
    direction = preview.heading === "list" ? "grid" : "list";
    // Held at the pose shown while the server answers: the turn starts there.
    if (playing) { cancelAnimationFrame(playing.handle); playing = null; }
  }
  try {
    const json = await api("transition", { ...springParams(state.spring), fps: state.fps, direction,
      interrupts: interrupts.length ? interrupts.join(",") : undefined });
    if (stage.children.length !== json.ids.length) {
      stage.replaceChildren(...json.ids.map((id) => el("div", String(id + 1), { class: "item" })));
    }
    const boxes = Array.from(stage.children);
    const apply = (k) => {
      preview.shown = k;
      preview.log.push(json.frames[k].items.flat());
      json.frames[k].items.forEach(([x, y, w, h, a], i) => {
        const style = boxes[i].style;
        style.left = `${x}px`; style.top = `${y}px`; style.width = `${w}px`; style.height = `${h}px`; style.opacity = a;
      });
    };
    stage.dataset.frames = json.frames.length;
    if (!autoplay) { apply(0); return; }
    Object.assign(preview, { json, shown: 0, heading: direction, chain: interrupts, active: true });
    if (interrupts.length) {
      stage.dataset.interrupted = String(Number(stage.dataset.interrupted || 0) + 1);
      preview.turnedAt = preview.log.length;  // the log's first frame from the turn
    }
    $("#play-transition").textContent = direction === "list" ? "Turn back to the grid" : "Turn back to the list";
    play(json.frames.length, apply, () => {
      preview.active = false;
      transitionDirection = direction === "list" ? "grid" : "list";
      $("#play-transition").textContent = transitionDirection === "list" ? "Grid → list" : "List → grid";
      stage.dataset.played = String(Number(stage.dataset.played || 0) + 1);
    }, interrupts.length ? 1 : 0);
  } catch (error) { status(error.message); }
}

// The push and pop between screens (the table-to-grid seed): the server's
// ScreenTransition frames, a tap's push or a swipe's pop released at 35 %
// at 3 progress per second, played on their own clock; the code to paste.
let screenPlaying = null;
async function playScreen(direction) {
  const stage = $("#screen-stage");
  try {
    const json = await api("screen", { ...springParams(state.spring), fps: state.fps, direction,
      release: direction === "pop" ? 0.35 : undefined, velocity: direction === "pop" ? 3 : undefined });
    stage.replaceChildren(...json.ids.map((id) => el("div", String(id + 1), { class: "item" })));
    const boxes = Array.from(stage.children);
    const apply = (k) => json.frames[k].forEach(([x, y, w, h, a], i) => {
      const style = boxes[i].style;
      style.left = `${x}px`; style.top = `${y}px`; style.width = `${w}px`; style.height = `${h}px`; style.opacity = a;
    });
    $("#screen-code").textContent = json.code;
    if (screenPlaying) cancelAnimationFrame(screenPlaying);
    const start = performance.now();
    const tick = (now) => {
      const k = Math.max(0, Math.min(json.frames.length - 1, Math.floor(((now - start) / 1000) * state.fps)));
      apply(k);
      if (k < json.frames.length - 1) { screenPlaying = requestAnimationFrame(tick); return; }
      screenPlaying = null;
      stage.dataset.direction = direction;
      stage.dataset.played = String(Number(stage.dataset.played || 0) + 1);
    };
    screenPlaying = requestAnimationFrame(tick);
  } catch (error) { status(error.message); }
}

// The strip: its offset and velocity as shown, whether it is moving, and
// what it showed (the browser test reads the log).
const snap = { offset: 0, velocity: 0, moving: false, layout: null, log: [] };
function layoutCards(layout) {
  const strip = $("#snap-strip");
  if (strip.children.length) return;
  for (let i = 0; i < layout.count; i++) {
    strip.appendChild(el("div", String(i + 1), { class: "card",
      style: `left: ${i * (layout.itemExtent + layout.spacing)}px; width: ${layout.itemExtent}px` }));
  }
}
function showOffset(offset, velocity = 0, cards = null) {
  snap.offset = offset;
  snap.velocity = velocity;
  snap.log.push(offset);
  $("#snap-strip").style.transform = `translateX(${-offset}px)`;
  if (cards) showCards(cards); else if (effect.name) requestCards(offset, velocity);
}

// ---- Scroll effects on the strip ------------------------------------------

// The chosen preset and its one parameter; the cards' attributes come from
// the server (the library's effect), frame by frame during a flick.
const effect = { name: "", amount: null, presets: [], pending: null, busy: false, shown: null };
function effectParams() { return effect.name ? { effect: effect.name, amount: effect.amount } : {}; }
function showCards(cards) {
  effect.shown = cards;
  const elements = $("#snap-strip").children;
  cards.forEach((card, i) => {
    if (!elements[i]) return;
    const [phase, rate, opacity, zIndex, ...m] = card;
    elements[i].style.transform = `matrix3d(${m.join(",")})`;
    elements[i].style.opacity = String(opacity);
    elements[i].style.zIndex = String(zIndex + 100000);
    elements[i].dataset.phase = String(phase);
  });
  // The card nearest the reference, with its phase and rate.
  let nearest = 0;
  cards.forEach((card, i) => { if (Math.abs(card[0]) < Math.abs(cards[nearest][0])) nearest = i; });
  const [phase, rate] = cards[nearest];
  $("#snap-phase").textContent = `card ${nearest + 1}: phase ${fmt(phase)}, rate ${fmt(rate)} /s`;
}
function clearCards() {
  effect.shown = null;
  for (const element of $("#snap-strip").children) {
    element.style.transform = "";
    element.style.opacity = "";
    element.style.zIndex = "";
    delete element.dataset.phase;
  }
  $("#snap-phase").textContent = "";
}
// One request in flight at a time; the latest offset waits for it.
async function requestCards(offset, velocity) {
  effect.pending = { offset, velocity };
  if (effect.busy) return;
  effect.busy = true;
  try {
    while (effect.pending) {
      const { offset, velocity } = effect.pending;
      effect.pending = null;
      const json = await api("effect", { offset, velocity, ...effectParams() });
      if (!effect.name) break;
      showCards(json.cards);
      showEffectCode(json);
    }
  } catch (error) { status(error.message); } finally { effect.busy = false; }
}
function showEffectCode(json) {
  $("#effect-code").textContent = json.code + (json.swiftUI ? `\n\n// SwiftUI, nearest built-in:\n${json.swiftUI}` : "");
}
async function chooseEffect(name) {
  effect.name = name;
  const preset = effect.presets.find((p) => p.name === name);
  const amount = $("#effect-amount");
  $("#effect-amount-label").hidden = !preset || !preset.parameter;
  if (preset) {
    amount.min = String(preset.minimum);
    amount.max = String(preset.maximum);
    amount.step = String((preset.maximum - preset.minimum) / 100);
    amount.value = String(preset.value);
    effect.amount = preset.value;
    $("#effect-parameter").textContent = preset.parameter;
    $("#effect-amount-value").textContent = `${fmt(preset.value)}${preset.unit ? " " + preset.unit : ""}`;
  }
  if (!name) { clearCards(); $("#effect-code").textContent = ""; return; }
  await requestCards(snap.offset, 0);
}
async function wireEffects() {
  const json = await api("effect", { offset: 0 });
  effect.presets = json.presets;
  const select = $("#effect");
  for (const preset of json.presets) select.appendChild(el("option", preset.name, { value: preset.name }));
  select.addEventListener("change", () => chooseEffect(select.value));
  $("#effect-amount").addEventListener("input", (event) => {
    const preset = effect.presets.find((p) => p.name === effect.name);
    effect.amount = Number(event.target.value);
    $("#effect-amount-value").textContent = `${fmt(effect.amount)}${preset && preset.unit ? " " + preset.unit : ""}`;
    requestCards(snap.offset, 0);
  });
}

// A flick from where the strip is; in flight it adds to the strip's own
// velocity (as a finger's flick adds to a scroll's), and the frames go on
// from the offset shown.
async function flick(velocity) {
  const moving = snap.moving && playing !== null;
  const release = { offset: snap.offset, velocity: moving ? snap.velocity + velocity : velocity };
  // Held at the release while the server answers: the next frames start there.
  if (moving) { cancelAnimationFrame(playing.handle); playing = null; }
  try {
    const json = await api("snap", { ...springParams(state.spring), ...release, fps: state.fps, ...effectParams() });
    layoutCards(json.layout);
    $("#snap-result").textContent = `card ${json.index + 1}: ${json.animation} to ${fmt(json.target)} pt in ${fmt(json.duration)} s`;
    const viewport = $("#snap-viewport");
    viewport.dataset.target = json.target;
    viewport.dataset.release = JSON.stringify(release);
    if (moving) snap.turnedAt = snap.log.length;
    snap.moving = true;
    play(json.offsets.length, (k) => showOffset(json.offsets[k], json.velocities[k], json.cards ? json.cards[k] : null),
      () => { snap.moving = false; }, moving ? 1 : 0);
  } catch (error) { status(error.message); }
}

function wirePreviews() {
  $("#play-transition").addEventListener("click", () => loadTransition(true));
  $("#play-push").addEventListener("click", () => playScreen("push"));
  $("#play-pop").addEventListener("click", () => playScreen("pop"));
  $("#flick-forward").addEventListener("click", () => flick(1500));
  $("#flick-back").addEventListener("click", () => flick(-1500));
  const viewport = $("#snap-viewport");
  // From the keyboard: the arrow keys flick.
  viewport.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") { event.preventDefault(); flick(1500); }
    if (event.key === "ArrowLeft") { event.preventDefault(); flick(-1500); }
  });
  let drag = null;
  viewport.addEventListener("pointerdown", (event) => {
    // A touch stops the strip where it is (as a scroll view does): the drag goes on from there.
    if (playing) { cancelAnimationFrame(playing.handle); playing = null; }
    snap.moving = false;
    viewport.setPointerCapture(event.pointerId);
    drag = { x: event.clientX, offset: snap.offset, trail: [[event.timeStamp, event.clientX]] };
  });
  viewport.addEventListener("pointermove", (event) => {
    if (!drag) return;
    showOffset(drag.offset - (event.clientX - drag.x));
    drag.trail.push([event.timeStamp, event.clientX]);
    while (drag.trail.length > 2 && event.timeStamp - drag.trail[0][0] > 100) drag.trail.shift();
  });
  viewport.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const [t0, x0] = drag.trail[0];
    const dt = (event.timeStamp - t0) / 1000;
    const velocity = dt > 0 ? -(event.clientX - x0) / dt : 0;   // content moves against the finger
    drag = null;
    flick(Math.max(-20000, Math.min(20000, velocity)));
  });
}

// ---- Replay --------------------------------------------------------------

// A box travels 0 → 1 with the drawn curve, in real time, on every change;
// a playhead on both charts marks the same instant.
let replaying = null;
function replay() {
  if (replaying) cancelAnimationFrame(replaying);
  const track = $("#replay"), box = $("#replay-box"), { times, values } = state.curve;
  const end = times[times.length - 1];
  const travel = 0.8 * (track.clientWidth - 34);
  let target = $("#replay-target");
  if (!target) { target = el("div", undefined, { id: "replay-target", class: "replay-target" }); track.append(target); }
  target.style.left = `${4 + travel}px`;
  const heads = ["#value-chart", "#velocity-chart"].map((id) => {
    const svg = $(id), height = id === "#value-chart" ? 300 : 180;
    return add(svg, "line", { class: "playhead", y1: 10, y2: height - 24, x1: 44, x2: 44 });
  });
  const show = (t) => {
    const i = Math.min(values.length - 1, Math.round((t / end) * (values.length - 1)));
    box.style.transform = `translateX(${(values[i] * travel).toFixed(2)}px)`;
    const x = 44 + (times[i] / end) * (640 - 44 - 12);
    for (const head of heads) { head.setAttribute("x1", x.toFixed(2)); head.setAttribute("x2", x.toFixed(2)); }
    track.dataset.t = times[i];
    track.dataset.value = values[i];
  };
  track.dataset.plays = String(Number(track.dataset.plays || 0) + 1);
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) { show(end); return; }
  const start = performance.now();
  const frame = (now) => {
    const t = Math.max(0, (now - start) / 1000);
    show(Math.min(t, end));
    replaying = t < end ? requestAnimationFrame(frame) : null;
  };
  replaying = requestAnimationFrame(frame);
}

// ---- Presets, the link ----------------------------------------------------

function wirePresets() {
  const select = $("#preset");
  const groups = new Map();
  PRESETS.forEach(([group, name], i) => {
    if (!groups.has(group)) { groups.set(group, el("optgroup", undefined, { label: group })); select.append(groups.get(group)); }
    groups.get(group).append(el("option", name, { value: String(i) }));
  });
  select.addEventListener("change", () => {
    const preset = PRESETS[Number(select.value)];
    if (!preset) return;
    const [, , family, values] = preset;
    const fieldset = $(`fieldset[data-family="${family}"]`);
    for (const [name, value] of Object.entries(values)) for (const input of $$(`input[name="${name}"]`, fieldset)) input.value = value;
    springFromFamily(family);
  });
  $("#lock-axis").addEventListener("change", (event) => { state.lockAxis = event.target.checked; update(async () => state.spring); });
  $("#share").addEventListener("click", async (event) => {
    const button = event.target;
    try { await navigator.clipboard.writeText(location.href); button.textContent = "Link copied"; } catch { button.textContent = "Copy the address bar"; }
    setTimeout(() => { button.textContent = "Copy link"; }, 1500);
  });
}

// The page's state in the address: the spring (m, k, c as the server gave
// them, shortest round-trip decimals: the same doubles come back), the
// velocity, the band, a locked axis and every pin. A link reproduces the page.
function saveToURL() {
  const s = state.spring;
  const params = new URLSearchParams({ m: s.mass, k: s.stiffness, c: s.damping, v: state.relativeVelocity, band: state.tolerance });
  if (state.lockAxis) params.set("axis", state.timeExtent);
  if (state.pins.length) params.set("pins", state.pins.map((p) => [p.spring.mass, p.spring.stiffness, p.spring.damping, p.velocity].join(",")).join(";"));
  history.replaceState(null, "", `#${params}`);
}

// Restores a shared state; false when the address carries none.
async function loadFromURL() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("m") || !params.has("k") || !params.has("c")) return false;
  state.relativeVelocity = Number(params.get("v")) || 0;
  for (const input of $$('input[name="relativeVelocity"]')) input.value = state.relativeVelocity;
  if (params.has("band")) { state.tolerance = Number(params.get("band")); $("#tolerance").value = params.get("band"); }
  if (params.has("axis")) { state.lockAxis = true; state.timeExtent = Number(params.get("axis")); $("#lock-axis").checked = true; }
  for (const entry of (params.get("pins") || "").split(";").filter((e) => e)) {
    const [mass, stiffness, damping, velocity] = entry.split(",");
    const spring = await api("describe", { mass, stiffness, damping });
    state.pins.push({ label: `k ${fmt(spring.stiffness)}, c ${fmt(spring.damping)}, m ${fmt(spring.mass)}`, spring, velocity: Number(velocity) || 0 });
  }
  const fieldset = $('fieldset[data-family="physical"]');
  for (const [name, key] of [["mass", "m"], ["stiffness", "k"], ["damping", "c"]]) for (const input of $$(`input[name="${name}"]`, fieldset)) input.value = params.get(key);
  await springFromFamily("physical");
  return true;
}

// ---- Library, design tokens -------------------------------------------------

// Springs saved in this browser (localStorage), each as the link's numbers.
const LIBRARY_KEY = "harmonic.tune.library";
function library() {
  try { const saved = JSON.parse(localStorage.getItem(LIBRARY_KEY) || "[]"); return Array.isArray(saved) ? saved : []; } catch { return []; }
}

function showLibrary() {
  const items = library().map((entry, i) => {
    const item = el("li");
    const load = el("button", "Load", { type: "button", "aria-label": `load ${entry.name}` });
    const remove = el("button", "Delete", { type: "button", "aria-label": `delete ${entry.name}` });
    load.addEventListener("click", async () => {
      const fieldset = $('fieldset[data-family="physical"]');
      for (const [name, value] of [["mass", entry.m], ["stiffness", entry.k], ["damping", entry.c]]) for (const input of $$(`input[name="${name}"]`, fieldset)) input.value = value;
      state.relativeVelocity = entry.v || 0;
      for (const input of $$('input[name="relativeVelocity"]')) input.value = state.relativeVelocity;
      await springFromFamily("physical");
    });
    remove.addEventListener("click", () => {
      const saved = library();
      saved.splice(i, 1);
      localStorage.setItem(LIBRARY_KEY, JSON.stringify(saved));
      showLibrary();
    });
    item.append(el("span", `${entry.name} — k ${fmt(entry.k)}, c ${fmt(entry.c)}, m ${fmt(entry.m)}${entry.v ? `, v ${fmt(entry.v)}` : ""}`), load, remove);
    return item;
  });
  $("#library").replaceChildren(...items);
}

// The pins (or, with none, the current spring) as design tokens in the
// W3C Design Tokens format's shape: one token per spring, its $value the
// library's numbers. "spring" is not one of that format's types: the
// $description says what the numbers mean.
function designTokens() {
  const springs = state.pins.length ? state.pins : [{ spring: state.spring, velocity: state.relativeVelocity }];
  const tokens = {};
  springs.forEach((pin, i) => {
    const s = pin.spring;
    tokens[`spring-${i + 1}`] = {
      $type: "spring",
      $description: "A damped spring: m·x″ + c·x′ + k·x = 0 (mass units, mass/s², mass/s); settlingDuration in s (±0.001); relativeVelocity in distances/s.",
      $value: { mass: s.mass, stiffness: s.stiffness, damping: s.damping, dampingRatio: s.dampingRatio, response: s.response,
        settlingDuration: s.settlingDuration, relativeVelocity: pin.velocity },
    };
  });
  return { harmonic: tokens };
}

function wireLibrary() {
  $("#save-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = event.target.name.value.trim();
    if (!name || !state.spring) return;
    const saved = library().filter((entry) => entry.name !== name);
    const s = state.spring;
    saved.push({ name, m: s.mass, k: s.stiffness, c: s.damping, v: state.relativeVelocity });
    localStorage.setItem(LIBRARY_KEY, JSON.stringify(saved));
    showLibrary();
  });
  $("#export-tokens").addEventListener("click", () => {
    const text = JSON.stringify(designTokens(), null, 2);
    const node = $("#tokens");
    node.textContent = text;
    node.hidden = false;
    // Also as a file download.
    const link = el("a", undefined, { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "springs.tokens.json" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  showLibrary();
}

// ---- Start ---------------------------------------------------------------

async function start() {
  wireControls();
  wireFit();
  wirePreviews();
  wirePresets();
  wireLibrary();
  wireMarks();
  for (const input of $$('input[name="relativeVelocity"]')) input.value = 0;
  if (!(await loadFromURL())) {
    const fieldset = $('fieldset[data-family="duration"]');
    setField(fieldset, "duration", 0.5);
    setField(fieldset, "bounce", 0.25);
    await springFromFamily("duration");
  }
  await loadTransition(false);
  measureFrameRate().then((fps) => {
    state.fps = fps;
    $("#fps-label").textContent = `frames computed at ${fps} fps (this display's rate)`;
  });
  // At rest on a snap target: card 2 centred, cards 1 and 3 whole beside it.
  const json = await api("snap", { ...springParams(state.spring), offset: 0, velocity: 0, fps: state.fps });
  layoutCards(json.layout);
  showOffset(json.target);  // dataset.target stays for the flicks' decisions (the browser test waits on it)
  await wireEffects();
  document.body.dataset.ready = "true";
}

start();
