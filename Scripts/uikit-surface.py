#!/usr/bin/env python3
"""Writes a Swift file that uses every public member of HostKit's UIKit-named types the way app
code would, so that type-checking it against the real UIKit shows where HostKit does not spell
UIKit.

usage: uikit-surface.py SYMBOL_GRAPH_DIR OWN_API_LIST OUTPUT.swift

SYMBOL_GRAPH_DIR holds HostKit.symbols.json (and HostKit@*.symbols.json), as
`swift-symbolgraph-extract -module-name HostKit -minimum-access-level public` writes them.
OWN_API_LIST names the members that are HostKit's own (UIKit has no such member): one symbol
path per line (`UIView/name`, `UIWindow/init(screen:orientation:scheduler:logSink:)`), a `#`
starts a comment, and a line ending in `/*` covers a type and everything in it. They are left
out of the file; every other member is used in a function of its own named after it, so an
error points at the member.

What is checked, per kind of symbol:
  * a type: that UIKit has it (`_ = T.self`), and its superclass and UIKit protocols;
  * a property: read with its type (`let _: T = x.p`), and written if HostKit lets it be;
  * an initializer or method: called with every argument, and with only those that have no
    default, through placeholders of the declared types (closures as literals of the declared
    arity), the result taken with the declared type;
  * a protocol requirement: implemented with HostKit's exact signature by a conforming class, so
    a signature that UIKit's protocol does not have is a near miss (a warning).
Nothing here runs: the file is only type-checked.
"""
import json
import os
import re
import sys

UIKIT_PREFIXES = ("UI", "NS")
# Foundation types HostKit extends with UIKit's own extensions (CGRect.inset(by:), NSValue(cgRect:)).
FOUNDATION_EXTENDED = ("CGRect", "NSValue", "CGPoint", "CGSize", "NSCoder")


def text(fragments):
    return "".join(f["spelling"] for f in fragments)


def split_top(s, sep=","):
    """Splits at `sep` outside brackets."""
    parts, depth, cur = [], 0, ""
    for i, ch in enumerate(s):
        if ch in "([<{":
            depth += 1
        elif ch in ")]}" or (ch == ">" and s[i - 1] != "-"):
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def parameter_list(decl, name):
    """The text between the parentheses of the declaration's parameter list."""
    start = decl.index(name + "(") + len(name) if name != "init" else decl.index("(")
    if name == "init":
        start = decl.index("init") + 4
        if decl[start] in "?!":
            start += 1
    depth, i = 0, start
    for i in range(start, len(decl)):
        if decl[i] == "(":
            depth += 1
        elif decl[i] == ")":
            depth -= 1
            if depth == 0:
                break
    return decl[start + 1:i], decl[i + 1:]


def parse_parameters(inner):
    params = []
    for p in split_top(inner):
        head, _, typ = p.partition(":")
        names = head.split()
        label = names[0]
        default = None
        tparts = split_top(typ, "=")
        typ = tparts[0].strip()
        if len(tparts) > 1:
            default = tparts[1].strip()
        params.append((label, typ, default))
    return params


def return_type(rest):
    m = re.search(r"->\s*(.+)$", rest.strip())
    return m.group(1).strip() if m else None


def closure_literal(typ):
    t = typ.strip()
    if t.endswith("?"):
        t = t[:-1].strip()
        if t.startswith("(") and t.endswith(")"):
            t = t[1:-1].strip()
    t = re.sub(r"@\w+\s*", "", t).strip()
    m = re.match(r"^\((.*)\)\s*(?:throws\s*)?->\s*(.+)$", t)
    if not m:
        return None
    args = split_top(m.group(1)) if m.group(1).strip() else []
    result = m.group(2).strip()
    body = "" if result in ("Void", "()") else " placeholder()"
    if not args:
        return "{" + body + " }" if body else "{ }"
    return "{ " + ", ".join("_" for _ in args) + " in" + body + " }"


def argument(typ):
    lit = closure_literal(typ) if "->" in typ else None
    if lit:
        return lit
    t = typ.replace("some ", "")
    return "placeholder() as " + t


def concrete(typ, generics):
    for g, c in generics.items():
        typ = re.sub(r"\b%s\b" % g, c, typ)
    # An implicitly unwrapped optional is an optional wherever a type is written out.
    return re.sub(r"!$", "?", typ.strip())


def main():
    sg_dir, own_path, out_path = sys.argv[1:4]
    symbols, relationships = [], []
    for name in sorted(os.listdir(sg_dir)):
        if name.startswith("HostKit") and name.endswith(".symbols.json"):
            data = json.load(open(os.path.join(sg_dir, name)))
            symbols += data["symbols"]
            relationships += data.get("relationships", [])
    own, own_prefixes = set(), []
    for line in open(own_path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.endswith("/*"):
            own_prefixes.append(line[:-1])
        else:
            own.add(line)

    by_id = {s["identifier"]["precise"]: s for s in symbols}
    path = lambda s: "/".join(s["pathComponents"])
    kinds = {path(s): s["kind"]["identifier"] for s in symbols}

    def is_own(p):
        return p in own or any(p.startswith(prefix) for prefix in own_prefixes)

    def wanted(s):
        # Members a standard-library protocol gives every conformer (`!=` of Equatable, …).
        if "::SYNTHESIZED::" in s["identifier"]["precise"]:
            return False
        p = path(s)
        top = s["pathComponents"][0]
        return (top.startswith(UIKIT_PREFIXES) or top in FOUNDATION_EXTENDED) and not is_own(p)

    # Generic parameters of the UIKit-named generic types, made concrete for the probe.
    generics = {"NSLayoutAnchor": {"AnchorType": "NSLayoutXAxisAnchor"}}
    protocols = {path(s) for s in symbols if s["kind"]["identifier"] == "swift.protocol"}

    lines = [
        "// Generated by Scripts/uikit-surface.py from HostKit's symbol graph: every public member of",
        "// HostKit's UIKit-named types, used as app code would. Type-checked against UIKit by",
        "// Scripts/typecheck-ios.sh; never run. Do not edit: regenerate.",
        "import Foundation",
        "#if canImport(UIKit)",
        "import UIKit",
        "#else",
        "import HostKit",
        "#endif",
        "",
        "@MainActor func placeholder<T>() -> T { fatalError() }",
        "",
    ]
    index = {}
    count = 0

    def fn(p, body):
        nonlocal count
        count += 1
        name = "probe%d" % count
        index[name] = p
        lines.append("// %s" % p)
        lines.append("@MainActor func %s() {" % name)
        lines.extend("    " + b for b in body)
        lines.append("}")

    conformers = {}
    seen = set()
    for s in sorted(symbols, key=path):
        if not wanted(s):
            continue
        p, kind = path(s), s["kind"]["identifier"]
        comps = s["pathComponents"]
        decl = text(s["declarationFragments"])
        owner = ".".join(comps[:-1])
        owner_path = "/".join(comps[:-1])
        gen = generics.get(comps[0], {})
        owner_type = owner + ("<%s>" % ", ".join(gen.values()) if gen and len(comps) == 2 else "")
        if kind in ("swift.class", "swift.struct", "swift.enum", "swift.protocol"):
            t = ".".join(comps)
            body = ["_ = (%s).self" % ("any " + t if kind == "swift.protocol" else t + ("<%s>" % ", ".join(generics[t].values()) if t in generics else ""))]
            fn(p, body)
            continue
        if kind == "swift.enum.case":
            fn(p, ["let _: %s = .%s" % (owner, comps[-1].split("(")[0])])
            continue
        if p in seen:
            continue  # a protocol requirement and its default implementation share a path
        seen.add(p)
        # UIKit's delegate protocols have optional requirements: what must match is the
        # signature an app implements. Other protocols are used through an existential.
        if owner_path in protocols and owner_path.endswith("Delegate"):
            conformers.setdefault(owner_path, []).append((p, kind, decl))
            continue
        if owner_path in protocols:
            owner_type = "any " + owner
        binding = "var" if kinds.get(owner_path) in ("swift.struct", "swift.enum") else "let"
        if kind in ("swift.property", "swift.type.property"):
            m = re.search(r"(?:var|let)\s+(\w+)\s*:\s*(.+?)(\s*\{.*\})?$", decl)
            if not m:
                continue
            prop, typ = m.group(1), concrete(m.group(2).strip(), gen)
            settable = "var" in decl.split(prop)[0] and ("{ get }" not in decl)
            # The graph shows `{ get set }` for a lazy property whatever its setter's access;
            # HostKit's are read-only to clients.
            if "private(set)" in decl or "internal(set)" in decl or "lazy var" in decl:
                settable = False
            base = owner if kind == "swift.type.property" else "x"
            if not settable:
                binding = "let"
            body = [] if kind == "swift.type.property" else ["%s x: %s = placeholder()" % (binding, owner_type)]
            body.append("let _: %s = %s.%s" % (typ, base, prop))
            if settable:
                body.append("%s.%s = placeholder() as %s" % (base, prop, typ))
            fn(p, body)
            continue
        if kind in ("swift.method", "swift.type.method", "swift.init", "swift.func.op"):
            if kind == "swift.func.op":
                m = re.search(r"func\s+(\S+)\s*\((.*)\)\s*->\s*(.+)$", decl)
                if not m:
                    continue
                op = m.group(1)
                params = parse_parameters(m.group(2))
                if len(params) != 2:
                    continue
                fn(p, ["let _: %s = (placeholder() as %s) %s (placeholder() as %s)"
                       % (m.group(3).strip(), params[0][1], op, params[1][1])])
                continue
            name = comps[-1].split("(")[0]
            inner, rest = parameter_list(decl, name)
            params = [(l, concrete(t, gen), d) for l, t, d in parse_parameters(inner)]
            ret = return_type(rest)
            if ret:
                ret = concrete(ret, gen)
            failable = kind == "swift.init" and re.search(r"\binit\?", decl)
            throws = " throws" in rest or "throws(" in rest
            variants = [params]
            minimal = [q for q in params if q[2] is None]
            if len(minimal) != len(params):
                variants.append(minimal)
            body = []
            if kind == "swift.method":
                if "mutating" not in decl:
                    binding = "let"
                body.append("%s x: %s = placeholder()" % (binding, owner_type))
                callee = "x.%s" % name
            elif kind == "swift.type.method":
                callee = "%s.%s" % (owner_type, name)
            else:
                callee = owner_type
            for v in variants:
                args = ", ".join(("%s: " % l if l != "_" else "") + argument(t) for l, t, _ in v)
                call = "%s(%s)" % (callee, args)
                if throws:
                    call = "try? " + call
                if kind == "swift.init":
                    rtype = owner_type + ("?" if failable or throws else "")
                    body.append("let _: %s = %s" % (rtype, call))
                elif ret and ret not in ("Void", "()"):
                    rt = ret + ("?" if throws else "")
                    body.append("let _: %s = %s" % (rt, call))
                else:
                    body.append(call)
            fn(p, body)
            continue

    # Superclasses and conformances: a UIKit-named type's place in UIKit's hierarchy, and the
    # standard-library protocols app code may rely on (`==`, `Set`, `<`, raw values).
    checked_protocols = {"Swift.Equatable", "Swift.Hashable", "Swift.Comparable", "Swift.RawRepresentable",
                         "Swift.CaseIterable", "Swift.OptionSet", "Swift.Error"}
    lines.append("func conforms<T>(_: T.Type, to check: (T.Type) -> Void) {}")
    for r in sorted(relationships, key=lambda r: (r["source"], r["target"])):
        if r["kind"] not in ("inheritsFrom", "conformsTo"):
            continue
        source = by_id.get(r["source"])
        if source is None or not wanted(source) or source["kind"]["identifier"] == "swift.protocol":
            continue
        if source["kind"]["identifier"] not in ("swift.class", "swift.struct", "swift.enum"):
            continue
        t = ".".join(source["pathComponents"])
        if t in generics:
            t += "<%s>" % ", ".join(generics[t].values())
        target = by_id.get(r["target"])
        target_name = ".".join(target["pathComponents"]) if target else r.get("targetFallback", "")
        p = "%s %s %s" % (path(source), r["kind"], target_name)
        if target is not None and not target_name.startswith(UIKIT_PREFIXES):
            continue  # a HostKit protocol of its own (LayoutItem)
        if r["kind"] == "inheritsFrom":
            fn(p, ["let _: %s = placeholder() as %s" % (target_name.replace("Foundation.", ""), t)])
        elif target is not None or target_name in checked_protocols:
            proto = target_name.replace("Swift.", "")
            fn(p, ["func check<U: %s>(_: U.Type) {}" % proto, "check(%s.self)" % t])

    # Protocol requirements: a conforming class implementing HostKit's exact signatures.
    for proto, members in sorted(conformers.items()):
        cls = "Conformer" + proto.replace("/", "_")
        lines.append("// conformance to %s" % proto)
        lines.append("@MainActor final class %s: NSObject, %s {" % (cls, proto.replace("/", ".")))
        count += 1
        for p, kind, decl in members:
            index["%s %s" % (cls, p)] = p
            d = re.sub(r"@MainActor\s*", "", decl)
            if kind in ("swift.property",):
                m = re.search(r"var\s+(\w+)\s*:\s*(.+?)\s*\{", d)
                if m:
                    lines.append("    var %s: %s { placeholder() }" % (m.group(1), m.group(2)))
                continue
            if kind == "swift.method":
                lines.append("    // %s" % p)
                lines.append("    " + d + " { }" if "->" not in d else "    " + d + " { placeholder() }")
        lines.append("}")

    # A stale entry would hide a member that has since appeared under the same name.
    paths = {path(s) for s in symbols}
    stale = sorted(p for p in own if p not in paths)
    stale += sorted(p + "*" for p in own_prefixes if not any(q.startswith(p) for q in paths))
    if stale:
        sys.exit("uikit-surface: %s names no HostKit symbol: %s" % (own_path, ", ".join(stale)))

    open(out_path, "w").write("\n".join(lines) + "\n")
    json.dump(index, open(out_path + ".index.json", "w"), indent=0)
    print("uikit-surface: %d members probed, %d left out as HostKit's own" % (
        count, sum(1 for s in symbols if is_own(path(s)))), file=sys.stderr)


if __name__ == "__main__":
    main()
