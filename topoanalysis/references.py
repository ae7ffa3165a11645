"""The works topoanalysis implements and cites, with full citations.

The five source papers are the specification: every generator, invariant, routing and reproduced
figure cites one of them as "Camarero et al. 2014, §4.1.2" (author-year, then the paper's own
section, table or figure number).  Names that still carry the papers' old numbers — figure names
such as ``seed001-fig6``, router-model presets such as ``seed001`` — map to them through
:data:`SEEDS`.

    >>> from topoanalysis.references import reference, cite
    >>> reference("camarero2014").doi
    '10.1145/2677038'
    >>> cite("garcia2014", "§3.3")
    'García et al. 2014, §3.3'
    >>> reference("seed002").short
    'Besta & Hoefler 2014'

Where a paper's text gives its venue, year and DOI they are taken from it; where it does not
(Han et al. and Hastings et al. print neither), ``source`` says where they come from, and a DOI
that is not printed in the paper is left out rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reference:
    """One cited work.

    Attributes:
        key: lookup key, first author's surname (ASCII) and year, e.g. ``camarero2014``.
        authors: every author, as printed in the work.
        title: the work's title.
        venue: journal (volume, issue, article/pages) or proceedings, or what the work is.
        year: year of publication.
        doi: DOI without the ``https://doi.org/`` prefix, or ``None`` when none is printed.
        url: a stable address where there is no DOI (software), else ``None``.
        source: where venue, year and DOI were taken from, when not from the work itself.
    """

    key: str
    authors: tuple[str, ...]
    title: str
    venue: str
    year: int
    doi: str | None = None
    url: str | None = None
    source: str | None = None

    @property
    def short(self) -> str:
        """Author-year form used in docstrings: "Camarero et al. 2014", "Besta & Hoefler 2014"."""
        surnames = [a.split()[-1] for a in self.authors]
        if len(surnames) == 1:
            who = surnames[0]
        elif len(surnames) == 2:
            who = f"{surnames[0]} & {surnames[1]}"
        else:
            who = f"{surnames[0]} et al."
        return f"{who} {self.year}"

    @property
    def link(self) -> str | None:
        """``https://doi.org/DOI`` when there is a DOI, else the URL (or ``None``)."""
        return f"https://doi.org/{self.doi}" if self.doi else self.url

    def full(self) -> str:
        """The full citation as one line of plain text."""
        if len(self.authors) <= 2:
            names = " and ".join(self.authors)
        else:
            names = ", ".join(self.authors[:-1]) + " and " + self.authors[-1]
        text = f"{names}. {self.title}. {self.venue}, {self.year}."
        if self.doi:
            text += f" doi:{self.doi}"
        elif self.url:
            text += f" {self.url}"
        return text

    def __str__(self) -> str:
        return self.full()


_SEEDS: tuple[Reference, ...] = (
    Reference(
        "camarero2014",
        ("Cristóbal Camarero", "Enrique Vallejo", "Ramón Beivide"),
        "Topological Characterization of Hamming and Dragonfly Networks and its Implications on Routing",
        "ACM Transactions on Architecture and Code Optimization 11(4), Article 39",
        2014,
        doi="10.1145/2677038",
    ),
    Reference(
        "garcia2014",
        (
            "Marina García",
            "Enrique Vallejo",
            "Ramón Beivide",
            "Cristóbal Camarero",
            "Mateo Valero",
            "Germán Rodríguez",
            "Cyriel Minkenberg",
        ),
        "On-the-Fly Adaptive Routing for dragonfly interconnection networks",
        "The Journal of Supercomputing (Springer), published online 16 December 2014",
        2014,
        doi="10.1007/s11227-014-1357-9",
    ),
    Reference(
        "besta2014",
        ("Maciej Besta", "Torsten Hoefler"),
        "Slim Fly: A Cost Effective Low-Diameter Network Topology",
        "SC14: International Conference for High Performance Computing, Networking, Storage and Analysis, "
        "New Orleans, IEEE (ISBN 978-1-4799-5500-8)",
        2014,
    ),
    Reference(
        "han2017",
        ("Deyu Han", "Zhaofeng Wang", "David P. Bunde"),
        "Improving Valiant Routing for Slim Fly Networks",
        "10th International Workshop on Parallel Programming Models and Systems Software for High-End Computing (P2S2), IEEE",
        2017,
        source="venue and year from the last author's publication list (faculty.knox.edu/dbunde/pubs); "
        "the paper's text prints neither",
    ),
    Reference(
        "hastings2015",
        ("Emily Hastings", "David Rincon-Cruz", "Marc Spehlmann", "Sofia Meyers", "Anda Xu", "David P. Bunde", "Vitus J. Leung"),
        "Comparing global link arrangements for Dragonfly networks",
        "IEEE International Conference on Cluster Computing (CLUSTER), pp. 361-370",
        2015,
        source="venue, pages and year from the authors' publication list (faculty.knox.edu/dbunde/pubs); "
        "the paper's text prints neither",
    ),
)

#: The papers' old numbers (file names of the specification, figure names ``seedNNN-figM``, router
#: model presets ``seedNNN``) -> key of the paper.
SEEDS: dict[str, str] = {f"{i:03d}": ref.key for i, ref in enumerate(_SEEDS)}

_OTHERS: tuple[Reference, ...] = (
    # simulators the router models and cross-validation refer to
    Reference(
        "booksim2",
        (
            "Nan Jiang",
            "Daniel U. Becker",
            "George Michelogiannakis",
            "James Balfour",
            "Brian Towles",
            "David E. Shaw",
            "John Kim",
            "William J. Dally",
        ),
        "A detailed and flexible cycle-accurate network-on-chip simulator (BookSim2)",
        "IEEE International Symposium on Performance Analysis of Systems and Software (ISPASS), pp. 86-96",
        2013,
        url="https://github.com/booksim/booksim2",
        source="as cited by Besta & Hoefler 2014, ref. [23]",
    ),
    Reference(
        "fogsim",
        ("Marina García", "Pablo Fuentes", "Miguel Odriozola", "Enrique Vallejo", "Ramón Beivide"),
        "FOGSim Interconnection Network Simulator",
        "University of Cantabria (software)",
        2014,
        url="https://code.google.com/p/fogsim/",
        source="as cited by García et al. 2014, ref. [9]",
    ),
    # topologies and graphs the generators build
    Reference(
        "kim2008",
        ("John Kim", "William J. Dally", "Steve Scott", "Dennis Abts"),
        "Technology-Driven, Highly-Scalable Dragonfly Topology",
        "35th International Symposium on Computer Architecture (ISCA '08), pp. 77-88",
        2008,
        source="as cited by Besta & Hoefler 2014, ref. [28]",
    ),
    Reference(
        "kim2007",
        ("John Kim", "William J. Dally", "Dennis Abts"),
        "Flattened Butterfly: A Cost-efficient Topology for High-radix Networks",
        "34th International Symposium on Computer Architecture (ISCA '07), pp. 126-137",
        2007,
        source="as cited by Besta & Hoefler 2014, ref. [27]",
    ),
    Reference(
        "mckay1998",
        ("Brendan D. McKay", "Mirka Miller", "Jozef Širáň"),
        "A note on large graphs of diameter two and given maximum degree",
        "Journal of Combinatorial Theory, Series B 74(1), pp. 110-118",
        1998,
        source="as cited by Besta & Hoefler 2014, ref. [32]",
    ),
    Reference(
        "hafner2004",
        ("Paul R. Hafner",),
        "Geometric realisation of the graphs of McKay-Miller-Širáň",
        "Journal of Combinatorial Theory, Series B 90(2), pp. 223-232",
        2004,
        source="as cited by Besta & Hoefler 2014, ref. [22]",
    ),
    Reference(
        "bermond1982",
        ("Jean-Claude Bermond", "Charles Delorme", "G. Farhi"),
        "Large graphs with given degree and diameter III",
        "Annals of Discrete Mathematics 13, pp. 23-32",
        1982,
        source="as cited by Besta & Hoefler 2014, ref. [6]",
    ),
    Reference(
        "delorme1985",
        ("Charles Delorme",),
        "Grands Graphes de Degré et Diamètre Donnés",
        "European Journal of Combinatorics 6(4), pp. 291-302",
        1985,
        source="as cited by Camarero et al. 2014",
    ),
    Reference(
        "katseff1988",
        ("Howard P. Katseff",),
        "Incomplete Hypercubes",
        "IEEE Transactions on Computers 37(5), pp. 604-608",
        1988,
        source="not cited by the papers: the construction our hybrid hypercube (Besta & Hoefler 2014, §VI-B4) follows",
    ),
    Reference(
        "hoffman1960",
        ("Alan J. Hoffman", "Robert R. Singleton"),
        "On Moore Graphs with Diameters 2 and 3",
        "IBM Journal of Research and Development 4(5), pp. 497-504",
        1960,
        source="as cited by Camarero et al. 2014",
    ),
    Reference(
        "koibuchi2012",
        ("Michihiro Koibuchi", "Hiroki Matsutani", "Hideharu Amano", "D. Frank Hsu", "Henri Casanova"),
        "A case for random shortcut topologies for HPC interconnects",
        "39th International Symposium on Computer Architecture (ISCA '12), pp. 177-188",
        2012,
        source="as cited by Besta & Hoefler 2014, ref. [29]",
    ),
    Reference(
        "singla2012",
        ("Ankit Singla", "Chi-Yao Hong", "Lucian Popa", "P. Brighten Godfrey"),
        "Jellyfish: networking data centers randomly",
        "9th USENIX Symposium on Networked Systems Design and Implementation (NSDI '12)",
        2012,
        source="as cited by Besta & Hoefler 2014, ref. [37]",
    ),
    Reference(
        "valiant1982",
        ("Leslie G. Valiant",),
        "A scheme for fast parallel communication",
        "SIAM Journal on Computing 11(2), pp. 350-361",
        1982,
        source="as cited by Besta & Hoefler 2014, ref. [40]",
    ),
    # libraries the analyses run on
    Reference(
        "karypis1999",
        ("George Karypis", "Vipin Kumar"),
        "A Fast and High Quality Multilevel Scheme for Partitioning Irregular Graphs (METIS)",
        "SIAM Journal on Scientific Computing 20, pp. 359-392",
        1999,
        url="https://github.com/KarypisLab/METIS",
        source="as cited by Besta & Hoefler 2014, ref. [25]",
    ),
    Reference(
        "networkx",
        ("Aric A. Hagberg", "Daniel A. Schult", "Pieter J. Swart"),
        "Exploring network structure, dynamics, and function using NetworkX",
        "Proceedings of the 7th Python in Science Conference (SciPy 2008), pp. 11-15",
        2008,
        url="https://networkx.org",
    ),
    Reference(
        "igraph",
        ("Gábor Csárdi", "Tamás Nepusz"),
        "The igraph software package for complex network research",
        "InterJournal Complex Systems 1695",
        2006,
        url="https://igraph.org",
    ),
    Reference(
        "bliss",
        ("Tommi Junttila", "Petteri Kaski"),
        "Engineering an efficient canonical labeling tool for large and sparse graphs (BLISS)",
        "Ninth Workshop on Algorithm Engineering and Experiments (ALENEX07), SIAM",
        2007,
        url="https://users.aalto.fi/~tjunttil/bliss/",
    ),
    Reference(
        "ortools",
        ("Laurent Perron", "Vincent Furnon"),
        "OR-Tools (CP-SAT solver)",
        "Google (software)",
        2024,
        url="https://developers.google.com/optimization/",
    ),
    Reference(
        "galois",
        ("Matt Hostetter",),
        "Galois: A performant NumPy extension for Galois fields",
        "Python package (software)",
        2020,
        url="https://github.com/mhostetter/galois",
    ),
)

#: every reference by key
REFERENCES: dict[str, Reference] = {ref.key: ref for ref in _SEEDS + _OTHERS}

#: the five source papers, in the order of their old numbers 000..004
PAPERS: tuple[Reference, ...] = _SEEDS


def reference(key: str) -> Reference:
    """The reference with this key (``"camarero2014"``), author-year citation as the docstrings
    write it (``"Camarero et al. 2014"``), seed number (``"001"``, ``"seed001"``) or figure/model
    name starting with one (``"seed001-fig6"``).

    Raises:
        KeyError: naming the known keys when there is no such reference.
    """
    k = key.strip().lower()
    if k in REFERENCES:
        return REFERENCES[k]
    for r in REFERENCES.values():
        if r.short.lower() == k:
            return r
    if k.startswith("seed"):
        k = k[4:].lstrip(" _-")
    if k[:3] in SEEDS and (len(k) == 3 or not k[3].isdigit()):
        return REFERENCES[SEEDS[k[:3]]]
    raise KeyError(f"no reference {key!r}; known: {', '.join(REFERENCES)} (or a seed number 000-004)")


def cite(key: str, where: str = "") -> str:
    """The author-year citation, with a section/figure/table when given: ``cite("camarero2014",
    "§4.1.2")`` is ``"Camarero et al. 2014, §4.1.2"``."""
    short = reference(key).short
    return f"{short}, {where}" if where else short


def bibliography(markdown: bool = False) -> str:
    """Every reference, one per line (a Markdown list with links when ``markdown``)."""
    lines = []
    for ref in REFERENCES.values():
        if markdown:
            text = ref.full()
            if ref.link:
                target = f"doi:{ref.doi}" if ref.doi else ref.url
                text = text.replace(target, f"[{target}]({ref.link})")  # type: ignore[arg-type]  # a link has a DOI or URL
            note = f" *({ref.source})*" if ref.source else ""
            lines.append(f'- <a id="{ref.key}"></a>**{ref.short}** (`{ref.key}`): {text}{note}')
        else:
            lines.append(f"[{ref.key}] {ref.full()}")
    return "\n".join(lines)
