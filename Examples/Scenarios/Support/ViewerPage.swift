import Foundation
import HostKit

/// The interactive viewer of one recording: a self-contained HTML page (no external script,
/// style, font or request; it opens from disk) that draws the window at any moment of the
/// recording, with a slider over virtual time, play and pause, and the timeline beside it.
///
/// The page carries the recording as JSON in a `<script type="application/json">` — every
/// ``ScenarioRecording/Moment`` and ``ScenarioRecording/Entry`` — and its own JavaScript
/// (``ViewerScript``) draws the moments into an inline SVG. After drawing it stamps what it
/// drew on its `<main id="viewer">` element, for scripts and tests to read:
/// `data-viewer-ready="1"`, `data-time` (virtual seconds), `data-moment` (its index),
/// `data-keyboard` (the height in points, `hidden` or `floating`), `data-first-responder`
/// (the view's name or `none`) and `data-orientation`; an error in the script is stamped as
/// `data-viewer-error`. The URL fragment `#t=1.25` opens the page at that virtual time.
public enum ViewerPage {
    /// The file name of an example's page, in the output folder: `CodeExample.html`.
    public static func fileName(for example: String) -> String { "\(example).html" }

    /// The page for `recording`; `summary` is the example's one-sentence description.
    @MainActor
    public static func html(for recording: ScenarioRecording, summary: String) -> String {
        let data = PageData(
            example: recording.example, summary: summary, screen: recording.screen.map(PageData.Screen.init),
            moments: recording.moments, entries: recording.entries)
        let encoder = JSONEncoder()
        // `/` is escaped (`<\/script>` cannot end the script early), and so is `<`.
        let json = ((try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
            .replacingOccurrences(of: "<", with: "\\u003c")
        let title = escape(recording.example)
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) — ScrollingContent viewer</title>
            <style>
            \(style)
            </style></head><body>
            <main id="viewer" data-viewer-ready="0">
            <header>
            <h1>\(title)</h1>
            <p class="summary">\(escape(summary)). Each moment of its virtual clock, drawn from the recorded window;
            the timeline beside it says what the manager received, decided and did.</p>
            <p class="back"><a href="index.html">All examples</a></p>
            </header>
            <section id="stage" aria-label="The screen">
            <div id="controls">
            <button id="play" type="button" aria-pressed="false">▶ Play</button>
            <button id="previous" type="button" title="Previous entry (←)" aria-label="Previous entry">◀</button>
            <button id="next" type="button" title="Next entry (→)" aria-label="Next entry">▶</button>
            <div id="track"><input id="time" type="range" min="0" max="1" step="0.001" value="0" aria-label="Virtual time"><div id="marks"></div></div>
            <output id="clock">t = 0.000 s</output>
            <label>speed <select id="speed"><option value="0.25">¼×</option><option value="0.5" selected>½×</option><option value="1">1×</option></select></label>
            <label><input id="see-through" type="checkbox"> see through the keyboard</label>
            </div>
            <p id="status" aria-live="polite"></p>
            <svg id="screen" role="img" aria-label="The window at the chosen moment"></svg>
            </section>
            <aside id="timeline" aria-label="Timeline">
            <p class="legend"><span class="chip safe"></span>safe area <span class="chip visible"></span>visible area
            (the scroll view's bounds less its adjusted content inset) <span class="chip responder"></span>first responder
            <span class="chip keyboard"></span>keyboard; grey brackets: the views, nested as in the window</p>
            <p class="kinds"><span class="kind-notification">notification received</span> <span class="kind-held">filter held</span>
            <span class="kind-applied">inset applied</span> <span class="kind-scrolled">scrolled</span>
            <span class="kind-step">step</span> — click an entry to see its moment; space plays, ← → step</p>
            <ol id="entries"></ol>
            </aside>
            </main>
            <noscript><p>The viewer draws with JavaScript; without it, read \(title)/timeline.txt and the pictures in \(title)/.</p></noscript>
            <script type="application/json" id="viewer-data">\(json)</script>
            <script>
            \(ViewerScript.source)
            </script>
            </body></html>

            """
    }

    /// What the page's script reads.
    private struct PageData: Encodable {
        /// The device, for its outline.
        struct Screen: Encodable {
            var name: String
            /// Phones have a home button when their portrait bottom inset is 0, a sensor housing
            /// when their portrait top inset is 44 or more.
            var phone: Bool
            var portraitSafeArea: [Double]

            @MainActor
            init(_ screen: UIScreen) {
                name = screen.name
                phone = screen.portraitSize.width < 600
                let insets = screen.portraitSafeAreaInsets
                portraitSafeArea = [insets.top, insets.left, insets.bottom, insets.right].map { Double($0) }
            }
        }

        var example: String
        var summary: String
        var screen: Screen?
        var moments: [ScenarioRecording.Moment]
        var entries: [ScenarioRecording.Entry]
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The page's style: the screen on the left, the timeline on the right (below on narrow
    /// windows); entry kinds colour-coded as in the legend.
    private static let style = """
        :root { --notification: #0a64c8; --held: #b25000; --applied: #248a3d; --scrolled: #8944ab; --step: #1c1c1e; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1c1c1e; background: #f2f2f7; }
        main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(300px, 26rem); grid-template-rows: auto 1fr; height: 100vh; }
        header { grid-column: 1 / 3; padding: 0.6rem 1.2rem 0.4rem; background: #fff; border-bottom: 1px solid #d1d1d6; display: flex; gap: 1.2rem; align-items: baseline; flex-wrap: wrap; }
        h1 { font-size: 1.3rem; margin: 0; }
        .summary { margin: 0; flex: 1; min-width: 20rem; color: #3a3a3c; }
        .back { margin: 0; }
        #stage { padding: 0.6rem 1.2rem; display: flex; flex-direction: column; min-height: 0; }
        #controls { display: flex; gap: 0.6rem; align-items: center; flex-wrap: wrap; }
        #controls button { font: inherit; padding: 0.25rem 0.7rem; border-radius: 0.4rem; border: 1px solid #c7c7cc; background: #fff; cursor: pointer; }
        #play { min-width: 6.5rem; font-weight: 600; }
        #track { position: relative; flex: 1; min-width: 14rem; padding-bottom: 10px; }
        #time { width: 100%; margin: 0; }
        #marks { position: absolute; left: 8px; right: 8px; bottom: 0; height: 8px; pointer-events: none; }
        .mark { position: absolute; width: 2px; height: 8px; margin-left: -1px; background: #8e8e93; }
        .mark.kind-notification { background: var(--notification); }
        .mark.kind-held { background: var(--held); height: 5px; }
        .mark.kind-applied { background: var(--applied); }
        .mark.kind-scrolled { background: var(--scrolled); }
        .mark.kind-step { background: var(--step); height: 10px; bottom: -1px; }
        #clock { font-variant-numeric: tabular-nums; font-weight: 600; min-width: 7.5rem; }
        #status { margin: 0.4rem 0; color: #3a3a3c; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #screen { flex: 1; min-height: 0; width: 100%; height: 100%; background: #fff; border: 1px solid #d1d1d6; border-radius: 0.5rem; }
        .legend { font-size: 0.8rem; color: #636366; margin: 0; padding: 0.5rem 0.8rem 0; }
        .chip { display: inline-block; width: 0.9em; height: 0.9em; margin: 0 0.3em 0 0.6em; vertical-align: -0.1em; border-radius: 2px; }
        .chip.safe { background: repeating-linear-gradient(45deg, #ff9500aa 0 3px, #ff950033 3px 6px); }
        .chip.visible { border: 2px dashed #248a3d; }
        .chip.responder { border: 2px solid #007aff; }
        .chip.keyboard { background: #d1d3d9; border: 1px solid #8e8e93; }
        #timeline { background: #fff; border-left: 1px solid #d1d1d6; display: flex; flex-direction: column; min-height: 0; }
        .kinds { margin: 0; padding: 0.5rem 0.8rem; font-size: 0.8rem; border-bottom: 1px solid #e5e5ea; color: #636366; }
        .kinds span { font-weight: 600; }
        .kinds .kind-notification { color: var(--notification); } .kinds .kind-held { color: var(--held); }
        .kinds .kind-applied { color: var(--applied); } .kinds .kind-scrolled { color: var(--scrolled); }
        #entries { list-style: none; margin: 0; padding: 0.3rem 0 2rem; overflow-y: auto; flex: 1; font-size: 0.85rem; }
        .entry { display: grid; grid-template-columns: 3.6rem 1fr; gap: 0.5rem; padding: 0.2rem 0.8rem 0.2rem 0.6rem; border-left: 4px solid transparent; cursor: pointer; }
        .entry:hover, .entry:focus { background: #f2f2f7; outline: none; }
        .entry .when { color: #8e8e93; font-variant-numeric: tabular-nums; text-align: right; }
        .entry .what { overflow-wrap: anywhere; }
        .entry.kind-step { margin-top: 0.6rem; font-weight: 700; font-size: 0.95rem; border-left-color: var(--step); }
        .entry.kind-state { color: #3a3a3c; font-style: italic; }
        .entry.kind-state .what::before { content: "= "; }
        .entry.kind-picture { color: #636366; }
        .entry.kind-notification { border-left-color: var(--notification); }
        .entry.kind-notification .what { color: var(--notification); }
        .entry.kind-held { border-left-color: var(--held); }
        .entry.kind-held .what { color: var(--held); }
        .entry.kind-applied { border-left-color: var(--applied); }
        .entry.kind-applied .what { color: var(--applied); font-weight: 600; }
        .entry.kind-scrolled { border-left-color: var(--scrolled); }
        .entry.kind-scrolled .what { color: var(--scrolled); font-weight: 600; }
        .entry.kind-warning .what { color: #d70015; }
        .entry.future { opacity: 0.45; }
        .entry.now { background: #fff3c4; opacity: 1; }
        @media (max-width: 900px) {
          main { display: block; height: auto; }
          #screen { flex: none; height: 80vh; }
          #entries { max-height: 60vh; }
        }
        """
}
