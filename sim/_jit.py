"""How the simulator declares its compiled functions.

* :data:`helper`: a function of the cycle loop (a stage, a routing step, a policy).  Numba compiles
  it once and marks it for LLVM to inline into its callers (``forceinline``; numba's own IR
  inlining re-ran the callee's frontend at every call site and made the cold compile 46 s
  instead of 28 s), without reference counting (``_nrt=False``: every NamedTuple field read cost
  an atomic incref/decref pair) and without the Python entry points nobody calls (each cost LLVM
  time at the first compile).
* :data:`helper_py`: the same, also callable from Python (tests, channel dependencies).
* :data:`call`: compiled once and called, not inlined (the routings' own candidate functions:
  each inlined copy lengthens every install's cold compile).
"""

from __future__ import annotations

import numba

__all__ = ["helper", "helper_py", "call"]

helper = numba.njit(cache=True, forceinline=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)
helper_py = numba.njit(cache=True, forceinline=True, _nrt=False)
call = numba.njit(cache=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)
