"""How the simulator declares its compiled functions.

* :data:`helper`: a function of the cycle loop (a stage, a routing step, a policy).  Numba compiles
  it once and marks it for LLVM to inline into its callers (``forceinline``; numba's own IR
  inlining re-runs the callee's frontend at every call site, which makes the cold compile far
  longer), without reference counting (``_nrt=False``: every NamedTuple field read cost
  an atomic incref/decref pair) and without the Python entry points nobody calls (each cost LLVM
  time at the first compile).
* :data:`helper_py`: the same, also callable from Python (tests, channel dependencies).
* :data:`entry`: a Python entry point into compiled code that other compiled code may also call
  (``route_candidates`` and ``route_on_move``, called from Python by tests and deadlock rings and
  by ``route_states``): not marked for inlining, so a caller links the compiled function instead of
  optimising its body again, and every caller shares one compile per routing kind.
* :data:`call`: a function of its own that LLVM inlines or not by its own heuristics (the
  routings' own candidate functions); in practice each is called from one place and ends up
  inlined.  What keeps the cold compile short is that numba types each function once and that
  code paths the common case never takes are not nested under more compiled functions than
  needed: LLVM re-optimises a callee inside every compiled function that (transitively) includes
  it, so each extra level between the loop and a routing costs compile time
  (``benchmarks/sim_compile.py`` measures where it goes).
"""

from __future__ import annotations

import numba

__all__ = ["helper", "helper_py", "call", "entry"]

# (_nrt and the wrapper switches are numba options its stubs leave out)
helper = numba.njit(
    cache=True,
    forceinline=True,
    _nrt=False,
    no_cpython_wrapper=True,  # type: ignore[call-overload]
    no_cfunc_wrapper=True,
)
helper_py = numba.njit(cache=True, forceinline=True, _nrt=False)  # type: ignore[call-overload]
call = numba.njit(cache=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)  # type: ignore[call-overload]
entry = numba.njit(cache=True, _nrt=False)  # type: ignore[call-overload]
