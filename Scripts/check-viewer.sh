#!/usr/bin/env bash
# Checks the demo's interactive viewer pages in a real browser, headless Chromium.
#
#   Scripts/check-viewer.sh                 # build the demo, write every example's page, check them
#   Scripts/check-viewer.sh --pages DIR     # check pages already written to DIR (scrolling-demo --output DIR)
#
# For each page (CodeExample.html, ...) it opens the page at a few virtual times (`#t=1.250`)
# and reads what the page's script stamped on <main id="viewer"> once it had drawn: it must be
# ready (`data-viewer-ready="1"`), report no script error, no console error, and say it drew the
# moment that the example's moments.txt gives for that time — the same time, keyboard height,
# first responder and orientation. It also checks that each page is self-contained (no
# http(s) URL, no src attribute); runs a probe on a copy of each page, in a narrow and a wide
# window, that moves the slider, clicks an entry and plays, and checks that the drawing
# follows and that no two labels overlap; and saves screenshots of CodeExample and
# SequenceExample under .build/viewer-check/ (CI artifacts).
#
# Chromium: Debian's `chromium` package; installed with apt-get when missing (as root). When
# Chromium cannot be installed or cannot start, the script says so and fails: it never passes
# without having looked at the pages.
set -euo pipefail
cd "$(dirname "$0")/.."

artifacts=.build/viewer-check
pages=""
while [ $# -gt 0 ]; do
    case "$1" in
        --pages) pages=${2:?--pages needs a folder}; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "error: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"

fail() { echo "error: $*" >&2; exit 1; }

# ---- Chromium, installed if missing.

find_browser() {
    local candidate
    for candidate in chromium chromium-browser google-chrome; do
        if command -v "$candidate" >/dev/null 2>&1; then command -v "$candidate"; return 0; fi
    done
    return 1
}

apt_install() {
    # Quiet, non-interactive, retried once (a mirror hiccup); the log is shown only on failure.
    local log=$work/apt.log attempt
    [ "$(id -u)" -eq 0 ] || fail "installing $* needs root (apt-get); install it and run again"
    command -v apt-get >/dev/null 2>&1 || fail "apt-get is not available to install $*; install it and run again"
    for attempt in 1 2; do
        if DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$log" 2>&1 &&
           DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
               -o Dpkg::Use-Pty=0 -o Dpkg::Progress-Fancy=0 "$@" >>"$log" 2>&1; then
            return 0
        fi
        [ "$attempt" -eq 1 ] && sleep 5
    done
    tail -n 20 "$log" >&2
    fail "apt-get could not install $*"
}

if ! browser=$(find_browser); then
    echo "== installing chromium (apt-get, quiet)"
    apt_install chromium fonts-dejavu-core
    browser=$(find_browser) || fail "chromium was installed but is not on the PATH"
fi
# Text in the screenshot needs a font; a bare container may have none.
if command -v fc-list >/dev/null 2>&1 && [ -z "$(fc-list 2>/dev/null | head -n 1)" ]; then
    echo "== installing a font for the screenshot (apt-get, quiet)"
    apt_install fonts-dejavu-core
fi

# Root needs --no-sandbox; a container's /dev/shm is small; the profile is thrown away.
chrome() {
    timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
        --no-default-browser-check --user-data-dir="$work/profile" --enable-logging=stderr --v=0 "$@"
}

version=$("$browser" --version 2>/dev/null | head -n 1 || true)
printf '<!DOCTYPE html><title>probe</title><p id="probe">chromium runs</p>\n' >"$work/probe.html"
if ! chrome --dump-dom "file://$work/probe.html" >"$work/probe.dom" 2>"$work/probe.err" ||
   ! grep -q 'chromium runs' "$work/probe.dom"; then
    grep -v 'dbus' "$work/probe.err" | tail -n 15 >&2 || true
    fail "Chromium (${version:-$browser}) cannot start headless, so the viewer pages were not checked"
fi
echo "== $version"

# ---- The pages.

if [ -z "$pages" ]; then
    pages=$work/pages
    echo "== swift run scrolling-demo --all --output $pages"
    if ! swift run scrolling-demo --all --output "$pages" >"$work/demo.log" 2>&1; then
        tail -n 30 "$work/demo.log" >&2
        fail "scrolling-demo failed"
    fi
fi
[ -d "$pages" ] || fail "no folder $pages"

# The value of attribute $2 on the <main id="viewer"> element of dumped DOM $1 (HTML entities
# of names decoded); empty when it is absent.
attribute() {
    grep -o '<main id="viewer"[^>]*>' "$1" | head -n 1 | grep -o " $2=\"[^\"]*\"" | head -n 1 |
        sed -e "s/^ $2=\"//" -e 's/"$//' -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g' || true
}

# The moment moments.txt ($1) gives for virtual time $2: the last line at or before it.
expected_at() {
    awk -F '\t' -v t="$2" '$1 <= t + 0.0000001 { line = $0 } END { print line }' "$1"
}

# The times to check in an example (up to eight): for each instant at which the keyboard, the
# first responder or the orientation differs from the instant before (the first instant
# included), the midpoint to the next instant — a time between two moments — or that instant
# itself when it is the last. At an instant with several moments, the last one counts.
check_times() {
    awk -F '\t' '
        {
            if (n == 0 || $1 > time[n] + 0.0005) n++
            time[n] = $1; state[n] = $2 "\t" $3 "\t" $4
        }
        END {
            count = 0
            for (i = 1; i <= n && count < 8; i++) {
                if (i > 1 && state[i] == state[i - 1]) continue
                printf "%.3f\n", i < n ? (time[i] + time[i + 1]) / 2 : time[i]
                count++
            }
        }' "$1"
}

failures=0
checked=0
problem() { echo "FAIL $*"; failures=$((failures + 1)); }

shopt -s nullglob
page_files=()
for page in "$pages"/*.html; do
    [ "$(basename "$page")" = index.html ] || page_files+=("$page")
done
[ ${#page_files[@]} -gt 0 ] || fail "no viewer page in $pages"
[ -f "$pages/index.html" ] || problem "$pages/index.html is missing"

for page in "${page_files[@]}"; do
    example=$(basename "$page" .html)
    moments=$pages/$example/moments.txt
    if [ -f "$pages/index.html" ] && ! grep -q "href=\"$example.html\"" "$pages/index.html"; then
        problem "$example: index.html does not link $example.html"
    fi
    if grep -Eq 'https?://| src=' "$page"; then
        problem "$example: the page is not self-contained: $(grep -Eo '.{0,30}(https?://| src=).{0,30}' "$page" | head -n 1)"
    fi
    if [ ! -s "$moments" ]; then problem "$example: no moments.txt"; continue; fi
    times=$(check_times "$moments")
    [ -n "$times" ] || { problem "$example: no moment to check"; continue; }
    for t in $times; do
        dom=$work/$example-$t.dom
        err=$work/$example-$t.err
        if ! chrome --virtual-time-budget=5000 --dump-dom "file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")#t=$t" \
            >"$dom" 2>"$err"; then
            problem "$example at $t s: Chromium failed ($(grep -v dbus "$err" | tail -n 1))"
            continue
        fi
        checked=$((checked + 1))
        if grep -E ':CONSOLE.*(Uncaught|Error|error)' "$err" >"$work/console" 2>/dev/null; then
            problem "$example at $t s: console error: $(head -n 1 "$work/console")"
        fi
        error=$(attribute "$dom" data-viewer-error)
        [ -z "$error" ] || problem "$example at $t s: the page's script failed: $error"
        ready=$(attribute "$dom" data-viewer-ready)
        if [ "$ready" != 1 ]; then
            problem "$example at $t s: the page never said it was ready (data-viewer-ready=\"$ready\")"
            continue
        fi
        grep -q 'data-role="device"' "$dom" || problem "$example at $t s: no device drawn"
        IFS=$'\t' read -r _ keyboard responder orientation <<<"$(expected_at "$moments" "$t")"
        got="$(attribute "$dom" data-time) $(attribute "$dom" data-keyboard) | $(attribute "$dom" data-first-responder) | $(attribute "$dom" data-orientation)"
        want="$t $keyboard | $responder | $orientation"
        if [ "$got" != "$want" ]; then
            problem "$example at $t s: drew \"$got\", moments.txt says \"$want\""
        else
            echo "ok   $example at $t s: keyboard $keyboard, first responder $responder, $orientation"
        fi
        if [ "$keyboard" != hidden ] && ! grep -q 'data-role="keyboard"' "$dom"; then
            problem "$example at $t s: the keyboard is up but not drawn"
        fi
    done
done

# ---- Interaction: a copy of each page with a probe appended, run after the page's own script,
# that uses the controls as a person would — the slider moved to its end, an entry clicked,
# Play pressed — and writes what it saw into <pre id="viewer-probe">: a line "ok ..." or
# "FAIL ..." per check. The drawn frame must change with each, and say the time it was asked.
cat >"$work/probe.js" <<'PROBE'
<script>
(function () {
  const root = document.getElementById('viewer');
  const svg = document.getElementById('screen');
  const slider = document.getElementById('time');
  const out = document.createElement('pre');
  out.id = 'viewer-probe';
  document.body.appendChild(out);
  const lines = [];
  function say(ok, text) { lines.push((ok ? 'ok ' : 'FAIL ') + text); out.textContent = lines.join('\n') + '\n'; }
  function drawn() {
    return { moment: root.getAttribute('data-moment'), time: root.getAttribute('data-time'), slider: slider.value, svg: svg.innerHTML };
  }
  try {
    const data = JSON.parse(document.getElementById('viewer-data').textContent);
    const last = data.moments.length - 1;
    // The slider, swept from its start to its end in 60 steps: the moments drawn follow it in
    // order, from the first to the last, and the drawing changes along the way.
    // Labels (names inside views, names beside the device, notes): their boxes, 1 px in from
    // each side (glyph boxes include the line's leading), must not meet.
    function overlappingLabels() {
      const boxes = Array.from(svg.querySelectorAll('text[data-role]')).map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
        .filter((b) => b.r.width > 0);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i].r, b = boxes[j].r;
          if (a.left + 1 < b.right - 1 && b.left + 1 < a.right - 1 && a.top + 1 < b.bottom - 1 && b.top + 1 < a.bottom - 1) {
            return '"' + boxes[i].text + '" and "' + boxes[j].text + '"';
          }
        }
      }
      return null;
    }
    let overlap = null;
    const visited = [];
    const drawings = new Set();
    let start = null, end = null;
    for (let i = 0; i <= 60; i++) {
      slider.value = String(Number(slider.max) * i / 60);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      const now = drawn();
      if (i === 0) start = now;
      end = now;
      visited.push(Number(now.moment));
      drawings.add(now.svg);
      if (!overlap) { const found = overlappingLabels(); if (found) overlap = found + ' at t = ' + now.time + ' s (slider ' + now.slider + ')'; }
    }
    say(!overlap, overlap ? 'labels overlap: ' + overlap : 'no two labels overlap, at any of the 61 positions');
    say(start.moment === '0', 'the slider at its start draws moment ' + start.moment);
    say(end.moment === String(last), 'the slider at its end draws moment ' + end.moment + ' of 0…' + last);
    say(visited.every((m, i) => i === 0 || m >= visited[i - 1]), 'the moments follow the slider in order');
    if (last > 0) say(drawings.size > 1, 'moving the slider changes the drawing (' + drawings.size + ' different drawings)');
    // An entry clicked: the one of the latest moment other than the last moment, so the drawing changes.
    const items = Array.from(document.querySelectorAll('#entries li'));
    let chosen = -1;
    data.entries.forEach((entry, i) => { if (entry.m !== null && entry.m !== undefined && entry.m < last && (chosen < 0 || entry.m >= data.entries[chosen].m)) chosen = i; });
    if (chosen >= 0) {
      items[chosen].click();
      const clicked = drawn();
      const when = items[chosen].querySelector('.when').textContent;
      say(clicked.time === when, 'clicking the entry at ' + when + ' s shows t = ' + clicked.time + ' s');
      say(items[chosen].classList.contains('now'), 'the clicked entry is highlighted');
      say(clicked.svg !== end.svg, 'clicking an entry changes the drawing');
    } else {
      say(last === 0, 'no entry before the last moment, and only one moment');
    }
    // Play from the start: after a second the clock has moved on, and Pause stops it. Headless
    // Chromium under a virtual time budget draws no frames, so requestAnimationFrame never
    // calls back: the probe gives the page a frame clock on timers (virtual time), 60 a second.
    window.requestAnimationFrame = (callback) => setTimeout(() => callback(performance.now()), 1000 / 60);
    slider.value = '0';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    const play = document.getElementById('play');
    play.click();
    say(play.getAttribute('aria-pressed') === 'true', 'Play offers Pause');
    setTimeout(() => {
      const played = drawn();
      // The slider, not the virtual clock: moments at one instant get half a second each on it.
      say(Number(played.slider) > 0.2, 'Play moves the slider (to ' + played.slider + ' after 1 s at ½×; t = ' + played.time + ' s)');
      play.click();
      say(play.getAttribute('aria-pressed') === 'false', 'Pause offers Play');
      setTimeout(() => {
        const paused = drawn();
        say(paused.slider === played.slider, 'Pause stops the slider (at ' + paused.slider + ')');
        root.setAttribute('data-probe-done', '1');
      }, 500);
    }, 1000);
  } catch (error) {
    say(false, 'the probe failed: ' + error);
    root.setAttribute('data-probe-done', '1');
  }
})();
</script>
PROBE

# Each page is probed in two windows: 800 × 600 (the narrow layout, timeline below the screen)
# and 1440 × 900 (side by side).
for page in "${page_files[@]}"; do
    example=$(basename "$page" .html)
    copy=$work/probe-$example.html
    # The probe goes just before </body>, after the page's own script.
    awk -v probe="$work/probe.js" '/<\/body><\/html>/ { while ((getline line < probe) > 0) print line } { print }' "$page" >"$copy"
    for size in 800,600 1440,900; do
        dom=$work/$example-probe-$size.dom
        if ! chrome --window-size="$size" --virtual-time-budget=10000 --dump-dom "file://$copy" >"$dom" 2>"$work/probe.err"; then
            problem "$example ($size): Chromium failed running the probe ($(grep -v dbus "$work/probe.err" | tail -n 1))"
            continue
        fi
        results=$(sed -n '/<pre id="viewer-probe">/,/<\/pre>/p' "$dom" | sed -e 's/<[^>]*>//g' -e 's/&gt;/>/g' -e 's/&lt;/</g' -e 's/&amp;/\&/g' | grep -E '^(ok|FAIL) ' || true)
        [ -n "$results" ] || { problem "$example ($size): the probe wrote nothing (did the page's script stop?)"; continue; }
        grep -q 'data-probe-done="1"' "$dom" || problem "$example ($size): the probe did not finish"
        while IFS= read -r line; do
            case "$line" in
                ok\ *) echo "ok   $example (${size/,/ × }): ${line#ok }" ;;
                *) problem "$example (${size/,/ × }): ${line#FAIL }" ;;
            esac
        done <<<"$results"
    done
    rm -f "$copy"
done

# ---- Screenshots for people (CI artifacts), at 1440 × 900: CodeExample with the password field
# scrolled into view (0.9 s), during AutoFill's burst (1.25 s: the 216 pt show, held by the
# filter) and in landscape with the keyboard up (2.7 s); SequenceExample during its second push
# (1.175 s).
shoot() {
    local example=$1 time=$2 name=$3 file=$artifacts/$1-$3.png
    [ -f "$pages/$example.html" ] || return 0
    rm -f "$file"
    chrome --hide-scrollbars --window-size=1440,900 --virtual-time-budget=5000 --screenshot="$(pwd)/$file" \
        "file://$(cd "$pages" && pwd)/$example.html#t=$time" >/dev/null 2>"$work/screenshot.err" || true
    if [ -s "$file" ] && [ "$(head -c 4 "$file" | tail -c 3)" = PNG ]; then
        echo "== screenshot: $file"
    else
        problem "no screenshot $file ($(grep -v dbus "$work/screenshot.err" | tail -n 1))"
    fi
}
rm -f "$artifacts"/*.png
shoot CodeExample 0.900 password
shoot CodeExample 1.250 autofill
shoot CodeExample 2.700 landscape
shoot SequenceExample 1.175 push

if [ "$failures" -gt 0 ]; then
    echo "error: $failures problem(s) in the viewer pages (above)" >&2
    exit 1
fi
echo "== the viewer: ${#page_files[@]} pages, $checked moments checked in Chromium, all as recorded"
