/// The viewer page's JavaScript (see ``ViewerPage``): it reads the recording from the page's
/// `viewer-data` JSON and draws the window at the chosen moment into the page's inline SVG.
///
/// - The slider runs over virtual time. Moments at the same virtual time (the script acted
///   while the clock stood still) get half a second each, so each can be seen.
/// - Between moments, what an animation block moved (recorded in the window's animation log)
///   moves over the block's duration — a spring or UIKit's ease-in-out — and the keyboard
///   slides over its notification's duration; everything else changes at once, as the model
///   values do. A rotation changes at once.
/// - The frame: the device's outline (a home button, or a sensor housing and a home indicator,
///   from the screen's portrait insets), the views with their colours, text fields with their
///   placeholder, navigation bars with their title, the safe area hatched, the managed scroll
///   views' visible area dashed green, the keyboard with its rows of keys, the first responder
///   outlined in blue. View names are drawn inside a view when they fit; the others, and every
///   view with subviews, are listed left of the device against brackets nested as the views
///   are; the safe area, the visible area, the keyboard's height and the first responder are
///   labelled right of it. Labels in a column are stacked so that none overlaps another.
/// - The timeline's entries are listed beside the screen; the entries of the latest instant
///   passed are highlighted, those to come dimmed; clicking an entry jumps to its moment.
///   Space plays and pauses; the arrow keys step from entry to entry.
enum ViewerScript {
    /// The script, inlined in the page.
    static let source = #"""
        (function () {
          'use strict';
          const root = document.getElementById('viewer');
          window.addEventListener('error', (event) => {
            root.setAttribute('data-viewer-error', String(event.message || event));
          });

          const data = JSON.parse(document.getElementById('viewer-data').textContent);
          const moments = data.moments;
          const entries = data.entries;
          const svg = document.getElementById('screen');
          const slider = document.getElementById('time');
          const clock = document.getElementById('clock');
          const status = document.getElementById('status');
          const playButton = document.getElementById('play');
          const speedSelect = document.getElementById('speed');
          const seeThrough = document.getElementById('see-through');
          const list = document.getElementById('entries');
          const marks = document.getElementById('marks');

          // Moments that share a virtual time (the clock stood still while the script acted) get this
          // much room on the slider each, so that each can be seen and its animations can play.
          const GAP = 0.5;
          const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Helvetica, Arial, sans-serif';
          const COLORS = {
            bezel: '#1c1c1e', safeArea: '#ff9500', visible: '#248a3d', keyboard: '#d1d3d9', key: '#ffffff',
            specialKey: '#abb0bc', responder: '#007aff', guide: '#6e6e73', text: '#1c1c1e', faint: '#8e8e93',
          };

          // ---- Positions on the slider ("play time"): virtual time, plus a GAP between moments at one instant.

          const position = [];
          moments.forEach((moment, index) => {
            if (index === 0) { position.push(0); return; }
            const elapsed = moment.t - moments[index - 1].t;
            position.push(position[index - 1] + (elapsed > 1e-9 ? elapsed : GAP));
          });
          const entryPosition = entries.map((entry) => {
            if (entry.m === null || entry.m === undefined) return 0;
            return position[entry.m] + Math.max(0, entry.t - moments[entry.m].t);
          });
          const lastMoment = moments.length - 1;
          let end = lastMoment >= 0 ? position[lastMoment] + 0.6 : 0;
          for (const p of entryPosition) end = Math.max(end, p + 0.3);

          function momentAt(p) {
            let found = 0;
            for (let i = 0; i < moments.length; i++) { if (position[i] <= p + 1e-9) found = i; else break; }
            return found;
          }

          function virtualTime(p) {
            if (moments.length === 0) return p;
            const i = momentAt(p);
            let t = moments[i].t + Math.max(0, p - position[i]);
            if (i < lastMoment) t = Math.min(t, moments[i + 1].t);
            return t;
          }

          /** The play time at which the virtual clock reads `t`: the last moment at or before it. */
          function positionOfTime(t) {
            let found = -1;
            for (let i = 0; i < moments.length; i++) { if (moments[i].t <= t + 1e-9) found = i; else break; }
            if (found < 0) return 0;
            return position[found] + (t - moments[found].t);
          }

          // ---- Tracks: each moving quantity (a view's frame or bounds origin, a scroll view's insets,
          // the keyboard's frame) and the moments it changed at, with the animation that moved it.

          const tracks = new Map();
          function addKey(key, p, value, duration, spring) {
            let track = tracks.get(key);
            if (!track) { track = []; tracks.set(key, track); }
            const last = track.length ? track[track.length - 1].v : null;
            if (last && same(last, value)) return;
            track.push({ p: p, v: value, d: last ? duration : 0, spring: spring, from: last });
          }
          function same(a, b) { return a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) < 1e-6); }

          moments.forEach((moment, index) => {
            const previous = index > 0 ? moments[index - 1].s : null;
            const rotated = previous && !same(previous.sz, moment.s.sz);
            const p = position[index];
            function animationFor(test) {
              let best = null;
              if (rotated) return best;
              for (const a of moment.a) if (test(a) && (!best || a.d + a.dl > best.d + best.dl)) best = a;
              return best;
            }
            for (const view of moment.s.v) {
              const moved = animationFor((a) => a.v.includes(view.id));
              addKey('f' + view.id, p, view.f, moved ? moved.d : 0, moved ? moved.spring : false);
              addKey('b' + view.id, p, view.b, moved ? moved.d : 0, moved ? moved.spring : false);
              if (view.sv) {
                const insets = animationFor((a) => a.ins);
                addKey('i' + view.id, p, view.sv.ai, insets ? insets.d : 0, insets ? insets.spring : false);
              }
            }
            const kb = moment.s.kb;
            const track = tracks.get('kb');
            let frame = kb.f;
            if (track && kb.on) {
              // Coming up from hidden: slide up at the new height, from just below the window.
              const lastOn = moments[index - 1] && moments[index - 1].s.kb.on;
              if (!lastOn && !rotated) track[track.length - 1].v = [frame[0], moment.s.sz[1], frame[2], frame[3]];
            }
            addKey('kb', p, frame, rotated ? 0 : moment.kd, false);
          });

          function ease(x, spring) {
            if (spring) {
              // A critically damped spring (UIKit's damping 1) that settles within the duration.
              const w = 9;
              return 1 - (1 + w * x) * Math.exp(-w * x);
            }
            return x < 0.5 ? 4 * x * x * x : 1 - Math.pow(-2 * x + 2, 3) / 2;
          }

          function valueOf(key, p, fallback) {
            const track = tracks.get(key);
            if (!track) return fallback;
            let current = null;
            for (const frame of track) {
              if (frame.p > p + 1e-9) break;
              const from = current ? sample(current, frame.p) : frame.v;
              current = { from: from, to: frame.v, p: frame.p, d: frame.d, spring: frame.spring };
            }
            return current ? sample(current, p) : fallback;
          }
          /** Whether the quantity is on its way between two values at `p`. */
          function moving(key, p) {
            const track = tracks.get(key);
            if (!track) return false;
            let last = null;
            for (const frame of track) { if (frame.p > p + 1e-9) break; last = frame; }
            return !!last && last.d > 0 && p < last.p + last.d - 1e-6 && p > last.p + 1e-6;
          }
          function sample(c, p) {
            if (!(c.d > 0) || p >= c.p + c.d) return c.to;
            const k = ease(Math.max(0, (p - c.p) / c.d), c.spring);
            return c.to.map((to, i) => c.from[i] + (to - c.from[i]) * k);
          }

          // ---- Text measurement and escaping.

          const measureContext = document.createElement('canvas').getContext('2d');
          function textWidth(text, size, weight) {
            if (!measureContext) return text.length * size * 0.6;
            measureContext.font = (weight || 'normal') + ' ' + size + 'px ' + FONT_FAMILY;
            return measureContext.measureText(text).width;
          }
          function esc(text) {
            return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
          }
          function n(x) { return Math.round(x * 100) / 100; }
          function pts(x) { return (Math.round(x * 10) / 10) + ' pt'; }

          function luminance(hex) {
            if (!hex || hex.length !== 7) return 1;
            const c = [1, 3, 5].map((i) => parseInt(hex.substr(i, 2), 16) / 255);
            return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
          }

          function intersect(a, b) {
            const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
            const r = Math.min(a.x + a.w, b.x + b.w), btm = Math.min(a.y + a.h, b.y + b.h);
            return r > x && btm > y ? { x: x, y: y, w: r - x, h: btm - y } : null;
          }
          function overlaps(a, b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }

          // ---- The device and the canvas around it.

          const screenInfo = data.screen || { name: 'screen', phone: true, portraitSafeArea: [0, 0, 0, 0] };
          const homeButton = screenInfo.phone && screenInfo.portraitSafeArea[2] === 0;
          const sensorHousing = screenInfo.phone && screenInfo.portraitSafeArea[0] >= 44;

          function deviceFrame(state) {
            const landscape = state.o.indexOf('landscape') === 0;
            const side = 16, chin = homeButton ? 52 : 16;
            const bezel = landscape ? { l: chin, r: chin, t: side, b: side } : { l: side, r: side, t: chin, b: chin };
            const radius = homeButton ? 0 : (screenInfo.phone ? 38 : 18);
            return { bezel: bezel, radius: radius, landscape: landscape };
          }

          // Column widths, measured once over every moment so the drawing does not jump.
          const allNames = new Set();
          const responderNames = new Set();
          for (const moment of moments) {
            for (const view of moment.s.v) allNames.add(view.n);
            const fr = moment.s.fr && moment.s.v.find((v) => v.id === moment.s.fr);
            if (fr) responderNames.add(fr.n);
          }
          let maxDepth = 0;
          for (const moment of moments) {
            const depth = new Map();
            for (const view of moment.s.v) {
              const d = view.p === null || view.p === undefined ? 0 : (depth.get(view.p) || 0) + 1;
              depth.set(view.id, d);
              maxDepth = Math.max(maxDepth, d);
            }
          }

          // The annotations keep their size on screen, whatever the device's scale: they are laid out
          // in pixels (these), converted to the drawing's units at each frame.
          const PX = { font: 13, line: 18, lane: 8, top: 26, bottom: 10 };
          let nameWidth = 60;
          for (const name of allNames) nameWidth = Math.max(nameWidth, textWidth(name, PX.font, '600'));
          nameWidth = Math.min(nameWidth, 260);
          const LEFT_PX = nameWidth + 10 + PX.lane * (maxDepth + 1) + 14;
          // Notes are two lines: what (bold), then how much or which.
          let noteWidth = textWidth('floating keyboard', PX.font, '600');
          for (const text of ['888 pt (changing)', '888 × 888 pt (moving)']) noteWidth = Math.max(noteWidth, textWidth(text, PX.font));
          for (const name of responderNames) noteWidth = Math.max(noteWidth, textWidth(name + ' (covered)', PX.font));
          noteWidth = Math.min(noteWidth, 240);
          const RIGHT_PX = 14 + 3 * 14 + 8 + noteWidth + 6;

          /** The drawing's scale: the device as large as the box allows beside the annotations. */
          function layout(state, device) {
            const box = svg.getBoundingClientRect();
            const availableWidth = box.width > 50 ? box.width : 900, availableHeight = box.height > 50 ? box.height : 700;
            const deviceWidth = device.bezel.l + state.sz[0] + device.bezel.r;
            const deviceHeight = device.bezel.t + state.sz[1] + device.bezel.b;
            let scale = Math.min((availableWidth - LEFT_PX - RIGHT_PX) / deviceWidth, (availableHeight - PX.top - PX.bottom) / deviceHeight);
            scale = Math.min(Math.max(scale, 0.25), 1.6);
            const u = 1 / scale;
            return {
              u: u, left: LEFT_PX * u, right: RIGHT_PX * u, top: PX.top * u, bottom: PX.bottom * u,
              font: PX.font * u, line: PX.line * u, lane: PX.lane * u, nameWidth: nameWidth * u,
            };
          }

          // ---- Drawing.

          function render(p) {
            const index = momentAt(p);
            const moment = moments[index];
            if (!moment) { svg.innerHTML = ''; return { index: -1 }; }
            const state = moment.s;
            const W = state.sz[0], H = state.sz[1];
            const device = deviceFrame(state);
            const L = layout(state, device);
            const u = L.u;
            const sx = L.left + device.bezel.l, sy = L.top + device.bezel.t;
            const width = sx + W + device.bezel.r + L.right, height = sy + H + device.bezel.b + L.bottom;
            const screenRect = { x: sx, y: sy, w: W, h: H };
            const out = [];
            const labels = [];
            const gutter = [];
            const notes = [];

            out.push('<defs>');
            out.push('<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
              '<rect width="8" height="8" fill="' + COLORS.safeArea + '" fill-opacity="0.18"/>' +
              '<line x1="0" y1="0" x2="0" y2="8" stroke="' + COLORS.safeArea + '" stroke-opacity="0.55" stroke-width="3"/></pattern>');
            out.push('<clipPath id="screen-clip"><rect x="' + n(sx) + '" y="' + n(sy) + '" width="' + W + '" height="' + H +
              '" rx="' + device.radius + '"/></clipPath>');
            out.push('</defs>');
            out.push('<rect x="0" y="0" width="' + n(width) + '" height="' + n(height) + '" fill="#ffffff"/>');

            // The device: its body, then the screen inside it.
            const body = { x: L.left, y: L.top, w: device.bezel.l + W + device.bezel.r, h: device.bezel.t + H + device.bezel.b };
            out.push('<rect data-role="device" x="' + n(body.x) + '" y="' + n(body.y) + '" width="' + n(body.w) + '" height="' + n(body.h) +
              '" rx="' + (device.radius + 14) + '" fill="' + COLORS.bezel + '"/>');
            if (homeButton) {
              const cx = device.landscape ? (state.o === 'landscapeLeft' ? L.left + device.bezel.l / 2 : sx + W + device.bezel.r / 2) : sx + W / 2;
              const cy = device.landscape ? sy + H / 2 : sy + H + device.bezel.b / 2;
              out.push('<circle cx="' + n(cx) + '" cy="' + n(cy) + '" r="20" fill="none" stroke="#48484a" stroke-width="2"/>');
            }
            out.push('<g clip-path="url(#screen-clip)">');
            out.push('<rect x="' + n(sx) + '" y="' + n(sy) + '" width="' + W + '" height="' + H + '" fill="#ffffff"/>');

            // The views, back to front.
            const children = new Map();
            for (const view of state.v) {
              const key = view.p === null || view.p === undefined ? 0 : view.p;
              if (!children.has(key)) children.set(key, []);
              children.get(key).push(view);
            }
            const geometry = new Map();
            let clipCount = 0;
            function drawView(view, ox, oy, clip, depth, background) {
              const f = valueOf('f' + view.id, p, view.f);
              const x = ox + f[0], y = oy + f[1], w = f[2], h = f[3];
              const rect = { x: x, y: y, w: w, h: h };
              const visible = clip ? intersect(rect, clip) : null;
              const kids = children.get(view.id) || [];
              const fill = view.bg || null;
              const ownBackground = fill && (view.ba === undefined || view.ba > 0.5) ? fill : background;
              geometry.set(view.id, { rect: rect, visible: visible, view: view });
              const attrs = ' x="' + n(x) + '" y="' + n(y) + '" width="' + n(w) + '" height="' + n(h) + '"';
              // An opaque view hides the labels drawn under it: they are taken out of the drawing, and no
              // longer keep its own from their place.
              const opaque = view.k === 'textField' || (fill && view.ba === undefined);
              if (opaque && visible) {
                for (let i = labels.length - 1; i >= 0; i--) {
                  const l = labels[i];
                  if (l.x >= visible.x && l.y >= visible.y && l.x + l.w <= visible.x + visible.w && l.y + l.h <= visible.y + visible.h) {
                    out[l.out] = '';
                    labels.splice(i, 1);
                  }
                }
              }
              if (view.k === 'textField') {
                out.push('<rect' + attrs + ' rx="6" fill="' + (fill || '#ffffff') + '" stroke="#c7c7cc" stroke-width="1"/>');
              } else if (view.k === 'navigationBar') {
                out.push('<rect' + attrs + ' fill="' + (fill || '#f9f9f9') + '" fill-opacity="0.94"/>');
                out.push('<line x1="' + n(x) + '" y1="' + n(y + h) + '" x2="' + n(x + w) + '" y2="' + n(y + h) + '" stroke="#b2b2b2"/>');
              } else if (fill) {
                out.push('<rect' + attrs + ' fill="' + fill + '"' + (view.ba !== undefined ? ' fill-opacity="' + view.ba + '"' : '') + '/>');
              }
              if (!kids.length && view.k === 'view') out.push('<rect' + attrs + ' fill="none" stroke="#000000" stroke-opacity="0.18"/>');
              const b = valueOf('b' + view.id, p, view.b);
              let innerClip = clip;
              let opened = false;
              if (view.clip) {
                innerClip = clip ? intersect(rect, clip) : null;
                clipCount += 1;
                out.push('<clipPath id="c' + clipCount + '"><rect' + attrs + '/></clipPath><g clip-path="url(#c' + clipCount + ')">');
                opened = true;
              }
              if (view.sv) {
                // The content area, dashed, as far as the content size reaches.
                out.push('<rect x="' + n(x - b[0]) + '" y="' + n(y - b[1]) + '" width="' + n(view.sv.cs[0]) + '" height="' +
                  n(view.sv.cs[1]) + '" fill="none" stroke="' + COLORS.guide + '" stroke-opacity="0.6" stroke-dasharray="4 3"/>');
              }
              for (const kid of kids) drawView(kid, x - b[0], y - b[1], innerClip, depth + 1, ownBackground);
              if (opened) out.push('</g>');
              if (view.sv) drawIndicator(view, rect, b);
              if (view.k === 'window' || !visible) return;
              if (kids.length) {
                gutter.push({ text: view.n, top: visible.y, bottom: visible.y + visible.h, depth: depth, container: true });
              } else {
                placeInside(view, rect, visible, ownBackground, depth);
              }
            }

            function drawIndicator(view, rect, b) {
              const inset = valueOf('i' + view.id, p, view.sv.ai);
              const visibleHeight = rect.h - inset[0] - inset[2];
              const content = view.sv.cs[1];
              const low = -inset[0], high = Math.max(low, content + inset[2] - rect.h);
              if (content <= visibleHeight + 0.5 || high <= low) return;
              const top = rect.y + inset[0] + 3, track = visibleHeight - 6;
              const length = Math.max(36, track * visibleHeight / content);
              const progress = Math.min(Math.max((b[1] - low) / (high - low), 0), 1);
              out.push('<rect x="' + n(rect.x + rect.w - 6) + '" y="' + n(top + (track - length) * progress) +
                '" width="3" height="' + n(length) + '" rx="1.5" fill="#000000" fill-opacity="0.35"/>');
            }

            /** Writes a leaf view's name (a field's text or placeholder, a bar's title) inside it if it fits, else beside the device. */
            function placeInside(view, rect, visible, background, depth) {
              let text = view.n, color = luminance(background) < 0.45 ? '#ffffff' : COLORS.text, weight = 'normal';
              let anchor = 'middle';
              let size = L.font;
              if (view.k === 'textField') {
                text = view.txt || view.ph || view.n;
                color = view.txt ? COLORS.text : COLORS.faint;
                anchor = 'start';
                size = Math.max(15, L.font);
              } else if (view.k === 'navigationBar') {
                if (!view.txt) { gutter.push({ text: view.n, top: visible.y, bottom: visible.y + visible.h, depth: depth }); return; }
                text = view.txt;
                weight = '600';
                size = Math.max(17, L.font);
              }
              const tw = textWidth(text, size, weight);
              const lx = anchor === 'start' ? rect.x + 10 : visible.x + visible.w / 2 - tw / 2;
              const box = { x: lx - 2, y: 0, w: tw + 4, h: size * 1.25 };
              const fits = visible.h >= box.h && tw + 8 <= visible.w && lx >= visible.x && lx + tw <= visible.x + visible.w;
              if (fits) {
                const wanted = rect.y + rect.h / 2 - box.h / 2;
                const step = Math.max(2, box.h / 4);
                for (let y = Math.max(visible.y, Math.min(wanted, visible.y + visible.h - box.h)); y + box.h <= visible.y + visible.h + 0.01; y += step) {
                  box.y = y;
                  if (labels.some((other) => overlaps(other, box))) continue;
                  labels.push(Object.assign({ out: out.length }, box));
                  out.push('<text data-role="label" x="' + n(anchor === 'start' ? lx : lx + tw / 2) + '" y="' + n(y + size * 0.98) +
                    '" font-size="' + n(size) + '" font-weight="' + weight + '" text-anchor="' + anchor + '" fill="' + color + '">' +
                    esc(text) + '</text>');
                  return;
                }
              }
              gutter.push({ text: view.n, top: visible.y, bottom: visible.y + visible.h, depth: depth });
            }

            for (const top of children.get(0) || []) drawView(top, sx, sy, screenRect, 0, '#ffffff');

            // The safe area, hatched in orange where the screen's insets are.
            const sa = state.sa;
            const bands = [
              { x: sx, y: sy, w: W, h: sa[0] }, { x: sx, y: sy + H - sa[2], w: W, h: sa[2] },
              { x: sx, y: sy + sa[0], w: sa[1], h: H - sa[0] - sa[2] }, { x: sx + W - sa[3], y: sy + sa[0], w: sa[3], h: H - sa[0] - sa[2] },
            ];
            for (const band of bands) {
              if (band.w > 0 && band.h > 0) {
                out.push('<rect data-role="safe-area" x="' + n(band.x) + '" y="' + n(band.y) + '" width="' + n(band.w) + '" height="' +
                  n(band.h) + '" fill="url(#hatch)"/>');
              }
            }

            // The visible area of the managed scroll views: the bounds less the adjusted insets.
            let managed = state.v.filter((v) => v.sv && v.sv.m && geometry.get(v.id) && geometry.get(v.id).visible);
            if (!managed.length) {
              managed = state.v.filter((v) => v.sv && geometry.get(v.id) && geometry.get(v.id).visible)
                .sort((a, b) => b.f[2] * b.f[3] - a.f[2] * a.f[3]).slice(0, 1);
            }
            const marked = [];
            for (const view of managed.reverse()) {
              const g = geometry.get(view.id);
              const inset = valueOf('i' + view.id, p, view.sv.ai);
              const area = intersect({ x: g.rect.x + inset[1], y: g.rect.y + inset[0], w: g.rect.w - inset[1] - inset[3],
                h: g.rect.h - inset[0] - inset[2] }, g.visible);
              // A screen under another at the same place (a navigation push) is not marked twice.
              if (!area || marked.some((m) => same([m.x, m.y, m.w, m.h], [area.x, area.y, area.w, area.h]))) continue;
              marked.push(area);
              const changing = moving('i' + view.id, p) || moving('f' + view.id, p);
              out.push('<rect data-role="visible-area" x="' + n(area.x + 1.5) + '" y="' + n(area.y + 1.5) + '" width="' + n(area.w - 3) +
                '" height="' + n(area.h - 3) + '" fill="none" stroke="' + COLORS.visible + '" stroke-width="3" stroke-dasharray="9 5"/>');
              notes.push({ title: 'visible area', text: changing ? Math.round(area.h) + ' pt (changing)' : pts(area.h),
                top: area.y, bottom: area.y + area.h, color: COLORS.visible });
            }

            // The keyboard, at its animated frame.
            const kb = state.kb;
            const kf = valueOf('kb', p, kb.f);
            const keyboardRect = intersect({ x: sx + kf[0], y: sy + kf[1], w: kf[2], h: kf[3] }, screenRect);
            const sliding = moving('kb', p);
            if (keyboardRect) {
              out.push('<g data-role="keyboard" data-height="' + n(kb.f[3]) + '" data-visible="' + (kb.on ? 1 : 0) +
                '" opacity="' + (seeThrough.checked ? 0.45 : 1) + '">');
              drawKeyboard(out, { x: sx + kf[0], y: sy + kf[1], w: kf[2], h: kf[3] }, kb.float ? 0 : sa[2], device.landscape, kb.float);
              out.push('</g>');
            }
            if (kb.on || keyboardRect) {
              let text = kb.float ? n(kb.f[2]) + ' × ' + n(kb.f[3]) + ' pt' : pts(kb.f[3]);
              if (!kb.on) text = 'leaving';
              else if (sliding) text += ' (moving)';
              const shown = keyboardRect || { y: sy + H, h: 0 };
              notes.push({ title: kb.float ? 'floating keyboard' : 'keyboard', text: text, top: shown.y, bottom: shown.y + shown.h,
                color: '#3a3a3c' });
            }
            if (sa[0] > 0) notes.push({ title: 'safe area', text: pts(sa[0]), top: sy, bottom: sy + sa[0], color: '#c93400' });
            if (sa[2] > 0) notes.push({ title: 'safe area', text: pts(sa[2]), top: sy + H - sa[2], bottom: sy + H, color: '#c93400' });

            // The sensor housing and the home indicator, over everything on the screen.
            if (sensorHousing) {
              const hw = 160, hh = 30;
              if (!device.landscape) {
                out.push('<rect x="' + n(sx + W / 2 - hw / 2) + '" y="' + n(sy - 6) + '" width="' + hw + '" height="' + (hh + 6) + '" rx="14" fill="' + COLORS.bezel + '"/>');
              } else {
                const hx = state.o === 'landscapeLeft' ? sx + W - hh : sx - 6;
                out.push('<rect x="' + n(hx) + '" y="' + n(sy + H / 2 - hw / 2) + '" width="' + (hh + 6) + '" height="' + hw + '" rx="14" fill="' + COLORS.bezel + '"/>');
              }
            }
            if (!homeButton && sa[2] > 0) {
              out.push('<rect x="' + n(sx + W / 2 - 67) + '" y="' + n(sy + H - 9) + '" width="134" height="5" rx="2.5" fill="#000000"/>');
            }
            out.push('</g>');

            // The first responder, outlined in blue over the keyboard (dashed where the keyboard covers it).
            const responder = state.fr ? geometry.get(state.fr) : null;
            let responderName = 'none';
            if (responder) {
              const r = responder.rect;
              responderName = responder.view.n;
              const covered = keyboardRect && kb.on && overlaps(r, keyboardRect);
              const onScreen = intersect(r, screenRect);
              if (onScreen) {
                out.push('<rect data-role="first-responder" data-name="' + esc(responder.view.n) + '" x="' + n(r.x - 2) + '" y="' + n(r.y - 2) +
                  '" width="' + n(r.w + 4) + '" height="' + n(r.h + 4) + '" rx="7" fill="none" stroke="' + COLORS.responder +
                  '" stroke-width="2.5"' + (covered ? ' stroke-dasharray="6 4"' : '') + '/>');
                const cy = Math.min(Math.max(r.y + r.h / 2, sy), sy + H);
                notes.push({ title: 'first responder', text: responder.view.n + (covered ? ' (covered)' : ''),
                  top: cy, bottom: cy, color: COLORS.responder, point: { x: Math.min(r.x + r.w + 2, sx + W), y: cy } });
              } else {
                out.push('<g data-role="first-responder" data-name="' + esc(responder.view.n) + '"></g>');
                notes.push({ title: 'first responder', text: responder.view.n + ' (off screen)', top: sy, bottom: sy,
                  color: COLORS.responder, point: { x: sx + W, y: sy } });
              }
            }

            drawGutter(out, gutter, L, sy, H);
            drawNotes(out, notes, L, sx + W + device.bezel.r, sy, H);

            // A caption above the device.
            const caption = 'UIWindow · ' + screenInfo.name + ' · ' + state.o + ' · ' + n(W) + ' × ' + n(H) + ' pt';
            out.push('<text x="' + n(L.left + body.w / 2) + '" y="' + n(L.top - 8 * u) + '" font-size="' + n(L.font) +
              '" text-anchor="middle" fill="' + COLORS.guide + '">' + esc(caption) + '</text>');

            svg.setAttribute('viewBox', '0 0 ' + n(width) + ' ' + n(height));
            svg.innerHTML = out.join('');
            return {
              index: index,
              keyboard: kb.on ? (kb.float ? 'floating' : String(n(kb.f[3]))) : 'hidden',
              responder: responderName,
              orientation: state.o,
            };
          }

          /** A keyboard drawn as one: a suggestion bar, four rows of keys, the home indicator's strip. */
          function drawKeyboard(out, r, bottomInset, landscape, floating) {
            out.push('<rect x="' + n(r.x) + '" y="' + n(r.y) + '" width="' + n(r.w) + '" height="' + n(r.h) + '" fill="' +
              COLORS.keyboard + '"' + (floating ? ' rx="10" stroke="#8e8e93"' : '') + '/>');
            const usable = r.h - bottomInset;
            const keysHeight = Math.min(usable, landscape ? 162 : 216);
            const barHeight = Math.max(0, Math.min(landscape ? 38 : 44, usable - keysHeight));
            if (barHeight >= 20) {
              const words = ['“the”', 'I', 'to'];
              for (let i = 0; i < 3; i++) {
                out.push('<text x="' + n(r.x + r.w * (i + 0.5) / 3) + '" y="' + n(r.y + barHeight / 2 + 5) +
                  '" font-size="15" text-anchor="middle" fill="#3a3a3c">' + esc(words[i]) + '</text>');
                if (i > 0) {
                  out.push('<line x1="' + n(r.x + r.w * i / 3) + '" y1="' + n(r.y + 9) + '" x2="' + n(r.x + r.w * i / 3) + '" y2="' +
                    n(r.y + barHeight - 9) + '" stroke="#b5b8bf"/>');
                }
              }
            }
            const top = r.y + barHeight;
            const rowHeight = keysHeight / 4;
            if (rowHeight < 8) return;
            const unit = Math.min(r.w / 10, 64);
            const left = r.x + (r.w - unit * 10) / 2;
            const keyHeight = rowHeight * 0.76;
            const fontSize = Math.max(9, Math.min(20, keyHeight * 0.55));
            function key(x, row, units, label, special) {
              const y = top + row * rowHeight + (rowHeight - keyHeight) / 2;
              const w = unit * units - unit * 0.14;
              out.push('<rect x="' + n(left + x + unit * 0.07) + '" y="' + n(y) + '" width="' + n(w) + '" height="' + n(keyHeight) +
                '" rx="5" fill="' + (special ? COLORS.specialKey : COLORS.key) + '"/>');
              if (label) {
                out.push('<text x="' + n(left + x + unit * units / 2) + '" y="' + n(y + keyHeight / 2 + fontSize * 0.36) + '" font-size="' +
                  n(special ? fontSize * 0.75 : fontSize) + '" text-anchor="middle" fill="#000000">' + esc(label) + '</text>');
              }
            }
            'QWERTYUIOP'.split('').forEach((c, i) => key(i * unit, 0, 1, c));
            'ASDFGHJKL'.split('').forEach((c, i) => key((i + 0.5) * unit, 1, 1, c));
            key(0, 2, 1.4, '⇧', true);
            'ZXCVBNM'.split('').forEach((c, i) => key((i + 1.5) * unit, 2, 1, c));
            key(8.6 * unit, 2, 1.4, '⌫', true);
            key(0, 3, 1.25, '123', true);
            key(1.25 * unit, 3, 1.25, '☺', true);
            key(2.5 * unit, 3, 5, 'space');
            key(7.5 * unit, 3, 2.5, 'return', true);
          }

          /**
           * Stacks labels in a column between `top` and `bottom`, each as near its wanted y as the others
           * allow, none overlapping another; when more than fit, the lowest priorities are left out and
           * counted. Returns how many were left out.
           */
          function stack(items, top, bottom, line) {
            const room = Math.max(0, Math.floor((bottom - top) / line));
            let dropped = 0;
            if (items.length > room) {
              const kept = items.slice().sort((a, b) => b.priority - a.priority).slice(0, Math.max(0, room - 1));
              dropped = items.length - kept.length;
              items.length = 0;
              for (const item of kept) items.push(item);
            }
            items.sort((a, b) => a.want - b.want || a.order - b.order);
            let y = top;
            for (const item of items) { item.y = Math.max(item.want, y); y = item.y + line; }
            let limit = bottom - (dropped ? line : 0);
            for (let i = items.length - 1; i >= 0; i--) {
              if (items[i].y + line > limit) items[i].y = limit - line;
              limit = items[i].y;
            }
            return dropped;
          }

          /** The views' names left of the device, each against a bracket as tall as its visible part, nested by depth. */
          function drawGutter(out, gutter, L, sy, H) {
            const u = L.u;
            const lanesRight = L.left - 8 * u;
            const textRight = lanesRight - L.lane * (maxDepth + 1) - 6 * u;
            const items = gutter.map((g) => ({
              g: g, want: Math.max(g.top, sy) - L.font * 0.3, order: g.depth,
              priority: (g.container ? 1e9 : 0) + (g.bottom - g.top),
            }));
            const dropped = stack(items, sy - L.font * 0.3, sy + H + 6 * u, L.line);
            for (const item of items) {
              const g = item.g;
              const laneX = lanesRight - L.lane * (maxDepth - g.depth);
              const top = Math.max(g.top, sy), bottom = Math.min(g.bottom, sy + H);
              const baseline = item.y + L.font;
              out.push('<path d="M' + n(laneX + 4 * u) + ' ' + n(top + u) + 'H' + n(laneX) + 'V' + n(bottom - u) + 'H' + n(laneX + 4 * u) +
                '" fill="none" stroke="' + COLORS.guide + '" stroke-width="' + n(1.5 * u) + '"/>');
              out.push('<path d="M' + n(textRight + 3 * u) + ' ' + n(baseline - 4 * u) + 'L' + n(laneX) + ' ' + n(top + u) +
                '" fill="none" stroke="' + COLORS.guide + '" stroke-width="' + n(0.8 * u) + '" stroke-opacity="0.7"/>');
              const weight = g.container ? '600' : 'normal';
              out.push('<text data-role="view-label" x="' + n(textRight) + '" y="' + n(baseline) + '" font-size="' + n(L.font) +
                '" text-anchor="end" font-weight="' + weight + '" fill="' + (g.container ? COLORS.text : '#3a3a3c') + '">' +
                esc(shorten(g.text, nameWidth, weight)) + '</text>');
            }
            if (dropped) {
              out.push('<text x="' + n(textRight) + '" y="' + n(sy + H + 6 * u - L.line + L.font) + '" font-size="' + n(L.font) +
                '" text-anchor="end" fill="' + COLORS.faint + '">… ' + dropped + ' more</text>');
            }
          }

          /** Dimension lines right of the device (safe area, visible area, keyboard), then all the notes in a column. */
          function drawNotes(out, notes, L, deviceRight, sy, H) {
            const u = L.u;
            const lanes = [];
            for (const note of notes) {
              if (note.point) continue;
              let lane = 0;
              while (lanes[lane] && lanes[lane].some((o) => o.top < note.bottom - 0.5 && note.top < o.bottom - 0.5)) lane += 1;
              if (!lanes[lane]) lanes[lane] = [];
              lanes[lane].push(note);
              note.lane = lane;
            }
            const textLeft = deviceRight + (14 + 3 * 14 + 8) * u;
            for (const note of notes) {
              if (note.point) continue;
              const x = deviceRight + (14 + note.lane * 14) * u;
              out.push('<path d="M' + n(x - 4 * u) + ' ' + n(note.top) + 'H' + n(x + 4 * u) + 'M' + n(x) + ' ' + n(note.top) + 'V' + n(note.bottom) +
                'M' + n(x - 4 * u) + ' ' + n(note.bottom) + 'H' + n(x + 4 * u) + '" fill="none" stroke="' + note.color + '" stroke-width="' + n(2 * u) + '"/>');
              note.point = { x: x, y: (note.top + note.bottom) / 2 };
            }
            const height = 2 * L.line + 4 * u;
            const items = notes.map((note, i) => ({ note: note, want: (note.top + note.bottom) / 2 - L.line, priority: 1, order: i }));
            stack(items, sy - 20 * u, sy + H + 20 * u, height);
            for (const item of items) {
              const note = item.note;
              const baseline = item.y + L.font;
              out.push('<path d="M' + n(note.point.x) + ' ' + n(note.point.y) + 'L' + n(textLeft - 4 * u) + ' ' + n(baseline - 4 * u) +
                '" fill="none" stroke="' + note.color + '" stroke-width="' + n(u) + '" stroke-opacity="0.8"/>');
              out.push('<text data-role="note" x="' + n(textLeft) + '" y="' + n(baseline) + '" font-size="' + n(L.font) + '" fill="' + note.color +
                '"><tspan font-weight="600">' + esc(shorten(note.title, noteWidth, '600')) + '</tspan><tspan x="' + n(textLeft) + '" dy="' +
                n(L.line) + '">' + esc(shorten(note.text, noteWidth, 'normal')) + '</tspan></text>');
            }
          }

          /** The text, cut with an ellipsis to `width` pixels at the annotations' size. */
          function shorten(text, width, weight) {
            if (textWidth(text, PX.font, weight) <= width) return text;
            let shorter = text;
            while (shorter.length > 1 && textWidth(shorter + '…', PX.font, weight) > width) shorter = shorter.slice(0, -1);
            return shorter + '…';
          }

          // ---- The timeline beside the screen.

          const KIND_NAMES = {
            step: 'step', state: 'result', picture: 'picture', installed: 'content installed', notification: 'notification received',
            held: 'filter held', filter: 'filter', applied: 'inset applied', request: 'scroll request', scrolled: 'scrolled',
            warning: 'warning',
          };
          const items = entries.map((entry, index) => {
            const li = document.createElement('li');
            li.className = 'entry kind-' + entry.k;
            li.tabIndex = 0;
            li.title = KIND_NAMES[entry.k] + ' — click to see the screen at ' + entry.t.toFixed(3) + ' s';
            const time = document.createElement('span');
            time.className = 'when';
            time.textContent = entry.t.toFixed(3);
            const text = document.createElement('span');
            text.className = 'what';
            text.textContent = entry.s;
            li.appendChild(time);
            li.appendChild(text);
            li.addEventListener('click', () => { pause(); seek(entryPosition[index], true); });
            li.addEventListener('keydown', (event) => {
              if (event.key === 'Enter') { pause(); seek(entryPosition[index], true); }
            });
            list.appendChild(li);
            return li;
          });

          // Marks under the slider: where each kind of entry happens.
          for (let i = 0; i < entries.length; i++) {
            const entry = entries[i];
            if (['notification', 'held', 'applied', 'scrolled', 'step'].indexOf(entry.k) < 0) continue;
            const mark = document.createElement('span');
            mark.className = 'mark kind-' + entry.k;
            mark.style.left = (end > 0 ? 100 * entryPosition[i] / end : 0) + '%';
            marks.appendChild(mark);
          }

          // ---- State, playback, controls.

          let current = 0;
          let playing = false;
          let lastFrame = null;
          let currentItems = [];
          slider.max = String(end);
          slider.step = '0.001';

          function seek(p, fromUser) {
            current = Math.min(Math.max(p, 0), end);
            slider.value = String(current);
            const t = virtualTime(current);
            const drawn = render(current);
            clock.textContent = 't = ' + t.toFixed(3) + ' s';
            root.setAttribute('data-time', t.toFixed(3));
            root.setAttribute('data-moment', String(drawn.index));
            root.setAttribute('data-keyboard', drawn.keyboard || 'hidden');
            root.setAttribute('data-first-responder', drawn.responder || 'none');
            root.setAttribute('data-orientation', drawn.orientation || '');
            if (drawn.index < 0) status.textContent = 'No window was filmed in this example.';
            else status.textContent = (drawn.keyboard === 'hidden' ? 'no keyboard' : drawn.keyboard === 'floating' ? 'floating keyboard' : 'keyboard ' + drawn.keyboard + ' pt') +
              ' · first responder: ' + drawn.responder + ' · ' + drawn.orientation + ' · moment ' + (drawn.index + 1) + ' of ' + moments.length;
            // Highlight the entries of the latest instant passed, dim those still to come.
            let latest = -1;
            for (let i = 0; i < entries.length; i++) if (entryPosition[i] <= current + 1e-9) latest = Math.max(latest, entryPosition[i]);
            const now = [];
            for (let i = 0; i < items.length; i++) {
              const passed = entryPosition[i] <= current + 1e-9;
              items[i].classList.toggle('future', !passed);
              const isNow = passed && Math.abs(entryPosition[i] - latest) < 1e-9;
              items[i].classList.toggle('now', isNow);
              if (isNow) now.push(items[i]);
            }
            if (now.length && (now[0] !== currentItems[0] || fromUser)) {
              const box = list.getBoundingClientRect();
              const first = now[0].getBoundingClientRect(), last = now[now.length - 1].getBoundingClientRect();
              if (first.top < box.top || last.bottom > box.bottom) list.scrollTop += first.top - box.top - box.height / 3;
            }
            currentItems = now;
            if (fromUser && history.replaceState) history.replaceState(null, '', '#t=' + t.toFixed(3));
          }

          function tick(timestamp) {
            if (!playing) return;
            if (lastFrame !== null) seek(current + (timestamp - lastFrame) / 1000 * Number(speedSelect.value));
            lastFrame = timestamp;
            if (current >= end) { pause(); return; }
            requestAnimationFrame(tick);
          }
          function play() {
            if (current >= end) seek(0);
            playing = true;
            lastFrame = null;
            playButton.textContent = '❚❚ Pause';
            playButton.setAttribute('aria-pressed', 'true');
            requestAnimationFrame(tick);
          }
          function pause() {
            playing = false;
            playButton.textContent = '▶ Play';
            playButton.setAttribute('aria-pressed', 'false');
          }
          function step(direction) {
            pause();
            const positions = Array.from(new Set(entryPosition)).sort((a, b) => a - b);
            const target = direction > 0 ? positions.find((x) => x > current + 1e-6) : positions.reverse().find((x) => x < current - 1e-6);
            seek(target === undefined ? (direction > 0 ? end : 0) : target, true);
          }

          playButton.addEventListener('click', () => { if (playing) pause(); else play(); });
          slider.addEventListener('input', () => { pause(); seek(Number(slider.value), true); });
          document.getElementById('previous').addEventListener('click', () => step(-1));
          document.getElementById('next').addEventListener('click', () => step(1));
          seeThrough.addEventListener('change', () => seek(current));
          // Redrawn at the new size when the box changes (the annotations keep their size in pixels).
          let drawnSize = '';
          let redraw = null;
          function resized() {
            const box = svg.getBoundingClientRect();
            const size = Math.round(box.width) + 'x' + Math.round(box.height);
            if (size === drawnSize || redraw !== null) return;
            redraw = requestAnimationFrame(() => { redraw = null; drawnSize = size; seek(current); });
          }
          if (window.ResizeObserver) new ResizeObserver(resized).observe(svg);
          window.addEventListener('resize', resized);
          document.addEventListener('keydown', (event) => {
            if (event.target && (event.target.tagName === 'SELECT' || event.target.tagName === 'INPUT' && event.target.type !== 'range')) return;
            if (event.key === ' ') { event.preventDefault(); if (playing) pause(); else play(); }
            else if (event.key === 'ArrowRight' && event.target !== slider) { event.preventDefault(); step(1); }
            else if (event.key === 'ArrowLeft' && event.target !== slider) { event.preventDefault(); step(-1); }
          });

          function fromFragment() {
            const match = /(?:^#|&)t=([0-9.]+)/.exec(location.hash);
            if (!match) return false;
            seek(positionOfTime(Number(match[1])));
            return true;
          }
          window.addEventListener('hashchange', () => { pause(); fromFragment(); });
          if (!fromFragment()) seek(0);
          root.setAttribute('data-viewer-ready', '1');
        })();
        """#
}
