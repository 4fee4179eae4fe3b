#!/usr/bin/env python3
"""Module cycles between the Rust files of one crate: each file's `crate::` and `super::`
paths (in `use` items and inline), resolved to the file that defines the module, then the
strongly connected components with more than one file."""
import os, re, sys
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")

def crates():
    for cargo in root.glob("crates/**/Cargo.toml"):
        src = cargo.parent / "src"
        if (src / "lib.rs").exists():
            yield cargo.parent, src, src / "lib.rs"

def module_files(src, lib):
    """module path tuple -> file"""
    mods = {(): lib}
    for f in src.rglob("*.rs"):
        rel = f.relative_to(src)
        if f == lib or rel.parts[0] == "bin" or f.name == "main.rs":
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "mod":
            parts = parts[:-1]
        mods[tuple(parts)] = f
    return mods

def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    # drop #[cfg(test)] mod tests { ... } blocks (test code may reach anywhere)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i: continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0); j += 1
        i = j
    out.append(text[i:])
    return "".join(out)

def expand_use(tree):
    """`a::{b, c::{d}}` -> ['a::b', 'a::c::d']"""
    tree = tree.strip()
    m = re.match(r"^(.*?)::\{(.*)\}$", tree, flags=re.S)
    if not m:
        return [tree]
    prefix, inner = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "{": depth += 1
        if ch == "}": depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur); cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [prefix + "::" + p2 for p in parts if p.strip() for p2 in expand_use(p.strip())]

def paths_in(text):
    found = []
    for m in re.finditer(r"\buse\s+([^;]+);", text, flags=re.S):
        for p in expand_use(re.sub(r"\s+", "", m.group(1))):
            found.append(re.sub(r"\bas\w+$", "", p.split(" as ")[0]))
    for m in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", text):
        found.append(m.group(1))
    return found

def resolve(path, here, mods):
    segs = path.split("::")
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        base = list(here)
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super": base = base[:-1]
            segs = segs[1:]
    else:
        return None
    best = None
    cur = list(base)
    if tuple(cur) in mods: best = tuple(cur)
    for s in segs:
        cur.append(s)
        if tuple(cur) in mods: best = tuple(cur)
        else: break
    return best

def sccs(graph):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in graph.get(v, ()):
            if w not in index: visit(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            out.append(comp)
    sys.setrecursionlimit(10000)
    for v in list(graph): 
        if v not in index: visit(v)
    return out

total = 0
for crate, src, lib in sorted(crates()):
    mods = module_files(src, lib)
    file_mod = {f: m for m, f in mods.items()}
    graph = {}
    for m, f in mods.items():
        here = m if f.name in ("mod.rs", "lib.rs") or not (src / Path(*m)).is_dir() else m
        # a file `a/b.rs` is module (a, b); its `super` is (a,), `self` is (a, b)
        deps = set()
        for p in paths_in(strip(f.read_text())):
            t = resolve(p, m, mods)
            if t is not None and t != m and t != ():
                # a parent module (mod.rs / a.rs) re-exporting is an edge to it
                deps.add(t)
        # a module's parent declares it (mod x;): not an import edge
        graph[m] = deps
    for comp in sccs(graph):
        if len(comp) > 1:
            total += 1
            names = sorted(str(mods[c].relative_to(root)) for c in comp)
            print(f"cycle in {crate.relative_to(root)}: " + ", ".join(names))
            for c in sorted(comp):
                for d in sorted(graph[c]):
                    if d in comp:
                        print(f"    {mods[c].relative_to(src)} -> {mods[d].relative_to(src)}")
print(f"{total} cycle(s)")
sys.exit(1 if total else 0)
