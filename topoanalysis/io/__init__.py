"""Reading and writing topologies.

* :mod:`.csv` — the project's own format: a directory with ``routers.csv``, ``links.csv`` and
  ``topology.json`` (``write_csv`` / ``read_csv``); writes are atomic (temporary name, then rename).
* :mod:`.formats` — GraphML, edge list, networkx node-link JSON and BookSim2 ``anynet`` files,
  plus conversions from networkx / igraph graphs.
"""

from .csv import read_csv, write_csv
from .formats import (
    from_booksim_anynet,
    from_edgelist,
    from_graphml,
    from_igraph,
    from_networkx,
    from_node_link_json,
    to_booksim_anynet,
    to_edgelist,
    to_graphml,
    to_node_link_json,
)

__all__ = [
    "read_csv",
    "write_csv",
    "from_booksim_anynet",
    "from_edgelist",
    "from_graphml",
    "from_igraph",
    "from_networkx",
    "from_node_link_json",
    "to_booksim_anynet",
    "to_edgelist",
    "to_graphml",
    "to_node_link_json",
]
