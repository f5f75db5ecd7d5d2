#!/usr/bin/env python3
"""The public symbols of a symbol graph, one line each: kind, path and
declaration, sorted. What api/check.sh compares with api/public-symbols.txt.

Usage: api/public-symbols.py SYMBOL_GRAPH.json
"""
import json
import sys

graph = json.load(open(sys.argv[1], encoding="utf-8"))
lines = set()
for symbol in graph["symbols"]:
    # Members a conformance brings from the standard library (Collection's
    # slicing, say) change with the toolchain, not with this package.
    if symbol.get("accessLevel") != "public" or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
        continue
    kind = symbol["kind"]["identifier"].removeprefix("swift.")
    path = ".".join(symbol["pathComponents"])
    declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    lines.add(f"{kind} {path}: {' '.join(declaration.split())}")
sys.stdout.write("".join(line + "\n" for line in sorted(lines)))
