#!/usr/bin/env bash
# Type-checks the iOS build of the package against a real iPhoneOS SDK: ScrollingPlugins, then
# ScrollingContent against it, for arm64-apple-ios<the deployment target in Package.swift>; then
# HostKit's UIKit surface (every public member of its UIKit-named types, as app code uses it)
# against UIKit, so that what the Linux tests exercise spells what ships.
# Nothing is compiled to machine code or linked: every UIKit name, label, type and availability
# is checked as Xcode checks it. Zero errors and zero warnings pass; anything else fails.
#
# The SDK comes from IOS_SDK (with IOS_SWIFTC_FLAGS for the Linux toolchain: -resource-dir and
# -module-cache-path), or on macOS from `xcrun --sdk iphoneos --show-sdk-path`. Without one it
# says so and exits 2: it never passes without checking.
#
# usage: Scripts/typecheck-ios.sh                 the whole check (needs an SDK)
#        Scripts/typecheck-ios.sh --hostkit-only  only what needs no SDK: the UIKit surface file is
#                                                 generated and type-checks against HostKit, and
#                                                 Scripts/hostkit-own-api.txt names only real
#                                                 members (CI runs this)
set -euo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp -d)"
log="$out/log"
trap 'rm -rf "$out"' EXIT

# Generates $out/Surface.swift from HostKit's symbol graph and type-checks it against HostKit:
# otherwise a failure against UIKit would say nothing.
generate_surface() {
    swift build --target HostKit >"$log" 2>&1 || { cat "$log"; echo "typecheck-ios: HostKit did not build" >&2; exit 1; }
    modules="$(swift build --target HostKit --show-bin-path)/Modules"
    mkdir -p "$out/symbols"
    # `-I Sources/Prefetch/include`: HostKit's binary module names CPrefetch, the C module of one
    # inline function it imports internally, and loading it needs that module's map.
    swift-symbolgraph-extract -module-name HostKit -I "$modules" -I Sources/Prefetch/include -minimum-access-level public \
        -output-dir "$out/symbols" >"$log" 2>&1 || { cat "$log"; exit 1; }
    python3 Scripts/uikit-surface.py "$out/symbols" Scripts/hostkit-own-api.txt "$out/Surface.swift" || exit 1
    swiftc -typecheck -swift-version 6 -I "$modules" -I Sources/Prefetch/include "$out/Surface.swift" >"$log" 2>&1 || {
        cat "$log"; echo "typecheck-ios: the generated surface does not type-check against HostKit" >&2; exit 1; }
    if grep -q "warning:" "$log"; then
        cat "$log"; echo "typecheck-ios: the generated surface has warnings against HostKit" >&2; exit 1
    fi
}

if [ "${1:-}" = "--hostkit-only" ]; then
    echo "== HostKit's UIKit surface, against HostKit (no SDK needed)"
    generate_surface
    echo "typecheck-ios: the UIKit surface file is well-formed (not checked against UIKit)"
    exit 0
fi

# The deployment target Package.swift declares (`.iOS(.v15)` → 15.0), so the two cannot drift.
major=$(sed -n 's/.*\.iOS(\.v\([0-9][0-9]*\)).*/\1/p' Package.swift | head -n 1)
if [ -z "$major" ]; then
    echo "typecheck-ios: Package.swift declares no .iOS(.vN) platform" >&2
    exit 2
fi
deployment_target="$major.0"

sdk="${IOS_SDK:-}"
if [ -n "$sdk" ] && [ ! -d "$sdk" ]; then
    echo "typecheck-ios: IOS_SDK=$sdk is not a folder" >&2
    echo "typecheck-ios: NOT CHECKED" >&2
    exit 2
fi
if [ -z "$sdk" ] && [ "$(uname -s)" = Darwin ] && command -v xcrun >/dev/null 2>&1; then
    sdk="$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null || true)"
fi
if [ -z "$sdk" ] || [ ! -d "$sdk" ]; then
    echo "typecheck-ios: no iPhoneOS SDK found. Set IOS_SDK to an iPhoneOS SDK folder (and" >&2
    echo "IOS_SWIFTC_FLAGS on Linux), or run on macOS with Xcode." >&2
    echo "typecheck-ios: NOT CHECKED" >&2
    exit 2
fi

# The settings Package.swift gives every target.
# shellcheck disable=SC2206
flags=(-target "arm64-apple-ios$deployment_target" -sdk "$sdk" ${IOS_SWIFTC_FLAGS:-}
       -package-name scrollingcontent -swift-version 6 -enable-upcoming-feature ExistentialAny
       -enable-upcoming-feature MemberImportVisibility -enable-experimental-feature StrictConcurrency)

plugins=()
while IFS= read -r file; do plugins+=("$file"); done < <(find Sources/Plugins -name '*.swift' | sort)
manager=()
while IFS= read -r file; do manager+=("$file"); done < <(find Sources/Manager -name '*.swift' | sort)

status=0
echo "== ScrollingPlugins (${#plugins[@]} files) for arm64-apple-ios$deployment_target"
swiftc -emit-module -module-name ScrollingPlugins -emit-module-path "$out/ScrollingPlugins.swiftmodule" \
    -parse-as-library "${flags[@]}" "${plugins[@]}" >"$log" 2>&1 || status=1
cat "$log"
grep -q "warning:" "$log" && status=1

# Twice: as an app's release build compiles it, and as its debug build does (`-D DEBUG`, which
# Xcode and SwiftPM define in debug), so that code under `#if DEBUG` is checked as well.
for configuration in release debug; do
    [ "$status" -eq 0 ] || break
    defines=()
    [ "$configuration" = debug ] && defines=(-D DEBUG)
    echo "== ScrollingContent (${#manager[@]} files) for arm64-apple-ios$deployment_target, against ScrollingPlugins, $configuration"
    swiftc -typecheck -module-name ScrollingContent -I "$out" -parse-as-library "${flags[@]}" "${defines[@]}" \
        "${manager[@]}" >"$log" 2>&1 || status=1
    cat "$log"
    grep -q "warning:" "$log" && status=1
done

# HostKit's UIKit surface: every public member of HostKit's UIKit-named types, used as app code
# would (Scripts/uikit-surface.py), must type-check against UIKit too, except HostKit's own
# (Scripts/hostkit-own-api.txt). The symbol graph comes from a HostKit build for this machine.
if [ "$status" -eq 0 ]; then
    echo "== HostKit's UIKit surface, against UIKit"
    generate_surface
    swiftc -typecheck "${flags[@]}" "$out/Surface.swift" >"$log" 2>&1 || status=1
    # Name the HostKit member behind each finding (the generated file has one function per member,
    # preceded by a comment with its symbol path).
    { grep -E "^$out/Surface.swift:[0-9]+:[0-9]+: (error|warning)" "$log" || true; } | while IFS=: read -r _ line _ rest; do
        echo "$(awk -v L="$line" 'NR <= L && /^\/\/ / { x = substr($0, 4) } END { print x }' "$out/Surface.swift"):$rest"
    done | sort -u
    grep -q "warning:" "$log" && status=1
fi

errors=$(grep -c "error:" "$log" || true)
warnings=$(grep -c "warning:" "$log" || true)
if [ "$status" -ne 0 ]; then
    echo "typecheck-ios: FAILED ($errors errors, $warnings warnings in the last step)" >&2
    exit 1
fi
echo "typecheck-ios: OK — 0 errors, 0 warnings (SDK: $sdk)"
