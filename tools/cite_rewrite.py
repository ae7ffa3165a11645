r"""Rewrite prose citations "seed 00N §x" to "Author et al. YEAR, §x" (issue 40).

    python tools/cite_rewrite.py $(grep -rlP '\b[Ss]eeds? \d{3}\b' topoanalysis proofs)

Rewrites the files in place and prints a count per file; review the diff (lines may grow past the
line length, and a citation that already named the authors next to its seed number reads twice).
"seed 000 §4.1.2" -> "Camarero et al. 2014, §4.1.2", "seed 002's" -> "Besta & Hoefler 2014's",
"seed 000, 002" -> "Camarero et al. 2014; Besta & Hoefler 2014".  Identifiers (seed001_fig6, the
model "seed001", the figure "seed001-fig6") have no space and are left alone.  Re-run it on a
branch that still has seed-number citations after a merge.
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from topoanalysis.references import reference  # noqa: E402

SHORT = {f"{i:03d}": reference(f"{i:03d}").short for i in range(5)}
LOC = (r"(?:§|Figs?\.|Figures?\b|Tables?\b|[Ee]q\.|[Ee]qs\.|ref\.|refs\.|footnote\b|Theorems?\b|Section\b"
       r"|Observation\b|Corollar|Lemma\b|Appendix\b|Def)")

def rewrite(text: str) -> tuple[str, int]:
    n = 0
    def sub(pat, fn, s):
        nonlocal n
        s2, k = re.subn(pat, fn, s)
        n += k
        return s2
    # "Seed 002 (Besta & Hoefler, SC14) §II-B1" -> "Besta & Hoefler 2014, §II-B1"
    text = sub(r"\b[Ss]eed (\d{3}) \(Besta & Hoefler, SC14\)\s+(?=" + LOC + ")",
               lambda m: SHORT[m[1]] + ", ", text)
    # lists: "seed 002 and 003", "seed 000, 002, 004", "seeds 000/001"
    def lst(m):
        nums = re.findall(r"\d{3}", m[0])
        seps = re.findall(r"(, and |, | and | or |/)", m[0])
        out = SHORT[nums[0]]
        for sep, num in zip(seps, nums[1:]):
            out += ("; " if sep in (", ", "/") else sep) + SHORT[num]
        return out
    text = sub(r"\b[Ss]eeds? \d{3}(?:(?:, and |, | and | or |/)\d{3}\b)+", lst, text)
    # with a locator: comma before it
    text = sub(r"\b[Ss]eeds? (\d{3})\b(?!['’]s)([ \t]+|\n[ \t]*(?:#[ \t]*)?)(?=" + LOC + ")",
               lambda m: SHORT[m[1]] + "," + m[2], text)
    # anything else (possessive, end of phrase)
    text = sub(r"\b[Ss]eeds? (\d{3})\b", lambda m: SHORT[m[1]], text)
    return text, n

if __name__ == "__main__":
    total = 0
    for path in sys.argv[1:]:
        s = open(path, encoding="utf-8").read()
        s2, n = rewrite(s)
        if n:
            open(path, "w", encoding="utf-8").write(s2)
            print(f"{n:4d} {path}")
            total += n
    print(f"{total} citations rewritten", file=sys.stderr)
