#!/usr/bin/env python3
"""Extract the opcode tables of the Vega ISA manual (001_f05f375b032f072b.txt).

Prints CSV: format,opcode,name,section (section = the manual's section title the row sits
in). A one-time aid for writing semantics/amd-gcn5's tables; it needs the manual, which is
not part of the repository:

    tools/extract-gcn5-opcodes.py ../shared/specs/001_f05f375b032f072b.txt
"""
import re
import sys

SECTIONS = {
    "SOP2 Instructions": "SOP2", "SOPK Instructions": "SOPK", "SOP1 Instructions": "SOP1",
    "SOPC Instructions": "SOPC", "SOPP Instructions": "SOPP", "SMEM Instructions": "SMEM",
    "VOP2 Instructions": "VOP2", "VOP1 Instructions": "VOP1", "VOPC Instructions": "VOPC",
    "VOP3P Instructions": "VOP3P", "VINTERP Instructions": "VINTRP",
    "VOP3A & VOP3B Instructions": "VOP3", "LDS & GDS Instructions": "DS",
    "MUBUF Instructions": "MUBUF", "MTBUF Instructions": "MTBUF", "MIMG Instructions": "MIMG",
    "EXPORT Instructions": "EXP", "Flat Instructions": "FLAT",
    "Scratch Instructions": "SCRATCH", "Global Instructions": "GLOBAL",
}


def main(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    fmt = section = None
    row = None
    out = []

    def flush():
        nonlocal row
        if row is not None:
            name = row[1].replace("\\_", "_").replace(" ", "")
            out.append((fmt, int(row[0]), name, section))
        row = None

    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if re.fullmatch(r"-{3,}|={3,}|~{3,}", nxt) and line.strip():
            flush()
            title = line.strip()
            if title in SECTIONS:
                fmt, section = SECTIONS[title], title
            elif fmt is not None:
                fmt = None  # a section that is not an opcode table ends the previous one
            continue
        if fmt is None:
            continue
        if line.startswith("+"):
            flush() if line.startswith("+-") or line.startswith("+=") else None
            continue
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        if re.fullmatch(r"\d+", cells[0]) and row is None:
            row = [cells[0], cells[1]]
        elif row is not None and cells[0] == "":
            row[1] += cells[1]
    flush()
    print("format,opcode,name,section")
    for f, op, name, sec in out:
        print(f"{f},{op},{name},{sec}")


if __name__ == "__main__":
    main(sys.argv[1])
