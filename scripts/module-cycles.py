#!/usr/bin/env python3
"""Module cycles between the Rust files of one crate.

For each library crate under crates/ (its src/; not tests/, benches, bin/ or main.rs), every
file is a node. An edge a -> b means code in a reaches an item of b: a `crate::`, `super::`
or `self::` path (in a `use` item or inline, macros' `$crate::` too), or a bare path through
one of a's own child modules (`child::f()`), resolved to the file that defines the module.
A name a module re-exports (`pub use x::Y;`, also at the crate root) leads to the module it
comes from, so a path through the re-export is an edge to that module, and the re-export
itself is not an edge of the module making it. Paths to the crate root's own items
(lib.rs) are left out: lib.rs declares every module. Test code is left out: `#[cfg(test)]`
modules, inline or in files of their own (test code may reach anywhere). Comments and
string literals are skipped. Declaring a module (`mod x;`) is not an edge.

Prints each strongly connected component of more than one file with the edges inside it,
and exits 1 when there is one. Usage: scripts/module-cycles.py [repository root]
"""
import re
import sys
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")


def crates():
    for cargo in sorted(root.glob("crates/**/Cargo.toml")):
        src = cargo.parent / "src"
        if (src / "lib.rs").exists():
            yield cargo.parent, src, src / "lib.rs"


RAW_STRING = re.compile(r'b?r(#*)"')
CHAR = re.compile(r"'(\\.[^']*|[^'\\])'")


def blank_literals(text):
    """The code with comments and the contents of string and char literals removed."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            out.append(" ")
        elif (m := RAW_STRING.match(text, i)) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find('"' + m.group(1), m.end())
            i = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'" and (m := CHAR.match(text, i)):
            # a char literal ('x', '\n', '\u{1F600}'); a lifetime ('a) has no closing quote
            i = m.end()
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_test_blocks(text):
    """`#[cfg(test)] mod x { ... }` removed."""
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def module_files(src, lib):
    """module path tuple -> file, for every non-test module file of the crate."""
    mods = {(): lib}
    for f in sorted(src.rglob("*.rs")):
        rel = f.relative_to(src)
        if f == lib or rel.parts[0] == "bin" or f.name == "main.rs":
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "mod":
            parts = parts[:-1]
        mods[tuple(parts)] = f
    # Modules declared `#[cfg(test)] mod x;` (and everything under them) are test code.
    test_only = set()
    for m, f in mods.items():
        code = blank_literals(f.read_text())
        for t in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", code):
            test_only.add(m + (t.group(1),))
    return {m: f for m, f in mods.items() if not any(m[: len(t)] == t for t in test_only)}


def expand_use(tree):
    """`a::{b, c::{d as e}}` -> ['a::b', 'a::c::d']"""
    tree = tree.strip()
    m = re.match(r"^(.*?)::\{(.*)\}$", tree, flags=re.S)
    if not m:
        return [re.split(r"\s+as\s+", tree)[0].strip()]
    prefix, inner = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "{":
            depth += 1
        if ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [prefix + "::" + p2 for p in parts if p.strip() for p2 in expand_use(p.strip())]


def use_items(code):
    """(is a re-export, the path) for every path of every `use` item."""
    for m in re.finditer(r"(\bpub(?:\([^)]*\))?\s+)?\buse\s+([^;]+);", code):
        tree = re.sub(r"\s*::\s*", "::", re.sub(r"\s+", " ", m.group(2)))
        tree = re.sub(r"\s*([{},])\s*", r"\1", tree)
        for path in expand_use(tree):
            yield bool(m.group(1)), path


def resolve(path, here, mods):
    """The module path a Rust path leads into (the longest module prefix), or None."""
    segs = path.split("::")
    if segs[0] in ("crate", "$crate"):
        base, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        base = list(here)
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    elif tuple(here) + (segs[0],) in mods:
        base = list(here)  # a bare path through a child module
    else:
        return None
    cur, best = list(base), tuple(base)
    for s in segs:
        cur.append(s)
        if tuple(cur) in mods:
            best = tuple(cur)
        else:
            return best, s
    return best, None


total = 0
for crate, src, lib in crates():
    mods = module_files(src, lib)
    code = {m: drop_test_blocks(blank_literals(f.read_text())) for m, f in mods.items()}
    # Re-exports: (module, name) -> the module the name comes from.
    reexports = {}
    for m, text in code.items():
        for public, path in use_items(text):
            if public and not path.endswith("::*"):
                r = resolve(path, m, mods)
                if r is not None and r[0] != m:
                    reexports[(m, path.split("::")[-1])] = r[0]

    def target(path, m):
        r = resolve(path, m, mods)
        if r is None:
            return None
        module, name = r
        seen = set()
        while (module, name) in reexports and (module, name) not in seen:
            seen.add((module, name))
            module = reexports[(module, name)]
        return module

    graph = {}
    for m, text in code.items():
        deps = set()
        for public, path in use_items(text):
            if public:
                continue  # a re-export leads its users to the source; not an edge itself
            t = target(path, m)
            if t is not None:
                deps.add(t)
        body = re.sub(r"\buse\s+[^;]+;", " ", text)
        children = {c[-1] for c in mods if len(c) == len(m) + 1 and c[: len(m)] == m}
        for p in re.finditer(r"(?<![\w:])(\$?crate|super|self|\w+)((?:::\w+)+)", body):
            if p.group(1) in ("crate", "$crate", "super", "self") or p.group(1) in children:
                t = target(p.group(1) + p.group(2), m)
                if t is not None:
                    deps.add(t)
        deps.discard(m)
        deps.discard(())
        graph[m] = deps

    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    for comp in sorted(comps, key=lambda c: sorted(mods[x] for x in c)):
        if len(comp) > 1:
            total += 1
            names = sorted(str(mods[c].relative_to(root)) for c in comp)
            print(f"cycle in {crate.relative_to(root)}: " + ", ".join(names))
            for c in sorted(comp, key=lambda x: mods[x]):
                for d in sorted(graph[c], key=lambda x: mods[x]):
                    if d in comp:
                        print(f"    {mods[c].relative_to(src)} -> {mods[d].relative_to(src)}")
print(f"{total} cycle(s)")
sys.exit(1 if total else 0)
