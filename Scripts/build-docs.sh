#!/usr/bin/env bash
# Builds the DocC documentation of the four library modules with the toolchain's own tools (no
# package plugin: the package has no dependencies):
#   1. `swift build --target ScrollingContent` builds the four modules (a null build after CI's
#      `swift build --build-tests`: same configuration, nothing is compiled again);
#   2. `swift-symbolgraph-extract` reads each module's public symbols into
#      .build/symbol-graphs/<Module>;
#   3. `docc convert` renders each module's catalog (Sources/<folder>/<Module>.docc) with its
#      symbol graph into .build/docs/<Module>, a static site served under /<Module>/;
#   4. the output is checked: each module has a landing page, every article of its catalog is
#      linked from the landing page's topics, and every public top-level symbol is in one of
#      the landing page's own topic groups (none left to DocC's automatic groups).
# Fails on any DocC warning (unresolved symbol links included) and on a failed check.
#
# To read the result, serve .build/docs (static hosting needs a server: the pages load their
# content with fetch, which browsers refuse from file:// URLs):
#   python3 -m http.server --directory .build/docs 8000
# and open http://localhost:8000/ (links to the four modules).
#
# usage: Scripts/build-docs.sh            every module
#        Scripts/build-docs.sh HostKit    only the modules named
# DOCC and SWIFT_SYMBOLGRAPH_EXTRACT override where the tools are found.
set -euo pipefail
cd "$(dirname "$0")/.."

# Module → the folder of its target (Package.swift), which holds its catalog.
all_modules=(ScrollingContent ScrollingPlugins HostKit ConstraintSolver)
folder_of() {
    case "$1" in
        ScrollingContent) echo Sources/Manager ;;
        ScrollingPlugins) echo Sources/Plugins ;;
        HostKit) echo Sources/Host ;;
        ConstraintSolver) echo Sources/Layout ;;
        *) echo "build-docs: unknown module $1 (one of: ${all_modules[*]})" >&2; exit 2 ;;
    esac
}
modules=("${@:-${all_modules[@]}}")
for module in "${modules[@]}"; do folder_of "$module" >/dev/null; done

# The toolchain's tools: next to `swift` (Linux toolchains), or through xcrun (Xcode).
tool() {
    local name="$1" found=""
    if command -v xcrun >/dev/null 2>&1; then found="$(xcrun --find "$name" 2>/dev/null || true)"; fi
    if [ -z "$found" ]; then
        local dir
        dir="$(dirname "$(readlink -f "$(command -v swift)")")"
        if [ -x "$dir/$name" ]; then found="$dir/$name"; fi
    fi
    if [ -z "$found" ]; then found="$(command -v "$name" || true)"; fi
    if [ -z "$found" ]; then echo "build-docs: $name not found in the Swift toolchain" >&2; exit 1; fi
    echo "$found"
}
docc="${DOCC:-$(tool docc)}"
extract="${SWIFT_SYMBOLGRAPH_EXTRACT:-$(tool swift-symbolgraph-extract)}"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

echo "== swift build --target ScrollingContent (the four library modules)"
swift build --target ScrollingContent >"$log" 2>&1 || { cat "$log"; echo "build-docs: the modules did not build" >&2; exit 1; }
bin="$(swift build --show-bin-path)"
module_dir="$bin/Modules"
[ -d "$module_dir" ] || module_dir="$bin"
extract_flags=()
if command -v xcrun >/dev/null 2>&1; then extract_flags+=(-sdk "$(xcrun --show-sdk-path)"); fi
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

mkdir -p .build/docs
for module in "${modules[@]}"; do
    folder="$(folder_of "$module")"
    catalog="$folder/$module.docc"
    graphs=".build/symbol-graphs/$module"
    output=".build/docs/$module"
    [ -d "$catalog" ] || { echo "build-docs: no catalog at $catalog" >&2; exit 1; }

    echo "== $module: symbol graph"
    rm -rf "$graphs"
    mkdir -p "$graphs"
    # Public symbols only; members an extension of another module's type adds are kept as
    # extension pages ("Extended Modules"); members synthesized from protocol extensions
    # (`!=`, say) are left out, as DocC's own documentation does.
    # `-I Sources/Prefetch/include`: the solver's and HostKit's binary modules name CPrefetch, the
    # C module of one inline function they import internally, and loading them needs its map.
    "$extract" -module-name "$module" -target "$triple" -I "$module_dir" -I Sources/Prefetch/include \
        ${extract_flags[@]+"${extract_flags[@]}"} \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -output-dir "$graphs" >"$log" 2>&1 || { cat "$log"; echo "build-docs: no symbol graph for $module" >&2; exit 1; }

    echo "== $module: docc convert → $output"
    rm -rf "$output"
    if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-dir "$output" \
        --fallback-display-name "$module" --fallback-bundle-identifier "scrollingcontent.$module" \
        --hosting-base-path "$module" --transform-for-static-hosting --warnings-as-errors >"$log" 2>&1; then
        cat "$log"
        echo "build-docs: docc convert failed for $module (warnings count as errors)" >&2
        exit 1
    fi
    # `--warnings-as-errors` turns warnings into errors; anything still printed as a warning fails too.
    if grep -q "warning:" "$log"; then
        cat "$log"
        echo "build-docs: docc printed warnings for $module" >&2
        exit 1
    fi

    echo "== $module: checking the output"
    python3 - "$module" "$catalog" "$output" <<'EOF'
import json, pathlib, re, sys

module, catalog, output = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
problems = []
landing_path = output / "data" / "documentation" / f"{module.lower()}.json"
if not (output / "index.html").is_file():
    problems.append(f"no {output}/index.html")
if not landing_path.is_file():
    sys.exit(f"build-docs: {module}: no landing page at {landing_path}")
landing = json.loads(landing_path.read_text())
curated = {identifier for section in landing.get("topicSections", [])
           if not section.get("generated", False) for identifier in section.get("identifiers", [])}
generated = [section.get("title", "?") for section in landing.get("topicSections", [])
             if section.get("generated", False)]
if generated:
    problems.append(f"pages left to DocC's automatic groups {generated}: curate them in a topic group of "
                    f"{catalog}/{module}.md")

# Every article (a .md file other than the landing page) is linked from the landing page.
for article in sorted(catalog.rglob("*.md")):
    if article.name == f"{module}.md":
        continue
    identifier = f"doc://scrollingcontent.{module}/documentation/{module}/{article.stem}"
    if identifier not in curated:
        problems.append(f"{article} is not linked from the landing page's topics")
    page = output / "data" / "documentation" / module.lower() / f"{article.stem.lower()}.json"
    if not page.is_file():
        problems.append(f"{article} was not rendered ({page} is missing)")

for problem in problems:
    print(f"build-docs: {module}: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
articles = len([a for a in catalog.rglob("*.md") if a.name != f"{module}.md"])
print(f"{module}: landing page, {len(curated)} curated topics ({articles} articles)")
EOF
done

# A page linking the modules, for the server's root.
{
    echo '<!doctype html><html lang="en"><meta charset="utf-8"><title>ScrollingContent documentation</title>'
    echo '<h1>ScrollingContent documentation</h1><ul>'
    for module in "${all_modules[@]}"; do
        if [ -d ".build/docs/$module" ]; then
            echo "<li><a href=\"$module/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]')/\">$module</a></li>"
        fi
    done
    echo '</ul></html>'
} >.build/docs/index.html
echo "build-docs: documentation in .build/docs (serve it: python3 -m http.server --directory .build/docs 8000)"
