"""Arithmetic tables of the finite field GF(q) used by the Slim Fly MMS construction.

Besta & Hoefler 2014, §II-B1 (Step 1) builds MMS graphs over the Galois field F_q for any
prime power q.  ``galois`` supplies the number theory (prime-power test and
factorisation, Conway polynomial database); the q x q addition and multiplication tables
are then computed here with vectorised numpy polynomial arithmetic, because
creating a ``galois.GF`` class JIT-compiles its ufuncs (~1 s per field), which
alone would exceed the construction budget of a Slim Fly.  Tests cross-check
every table entry against ``galois`` arithmetic.

Elements use galois' integer representation: the polynomial
``c_{m-1} x^{m-1} + ... + c_0`` is the integer ``sum c_i p^i``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import galois
import numpy as np

__all__ = ["FieldTables", "field_tables", "prime_power", "check_prime_power", "is_prime_power"]


def is_prime_power(n: int) -> bool:
    """Whether ``n`` is an integer p**m, p prime, m >= 1 (the orders of finite fields; Besta & Hoefler 2014, §II-B1's q,
    §II-C's Delorme v and BDF u).  Never raises: anything else is False."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        return False
    return int(n) >= 2 and bool(galois.is_prime_power(int(n)))


def check_prime_power(name: str, value: int) -> int:
    """``value`` as an int when it is a prime power; ``ValueError`` naming the parameter ``name`` otherwise
    (the one check behind the MMS q, the Delorme v and the BDF u)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer prime power (p**m, p prime, m >= 1), got {value!r}")
    if not is_prime_power(value):
        raise ValueError(f"{name} must be a prime power (p**m, p prime, m >= 1), got {name}={int(value)}")
    return int(value)


def prime_power(q: int, name: str = "q") -> tuple[int, int]:
    """``(p, m)`` with ``q = p**m`` for prime ``p``; ``ValueError`` naming ``name`` if ``q`` is not a prime power."""
    q = check_prime_power(name, q)
    primes, exps = galois.factors(q)
    return int(primes[0]), int(exps[0])


@dataclass(frozen=True, eq=False)
class FieldTables:
    """Read-only lookup tables of GF(q) in galois' integer element representation.

    ``add[a, b]``, ``sub[a, b]`` (= a - b), ``mul[a, b]``; ``neg[a]``;
    ``order[a]`` is the multiplicative order of ``a`` (0 for the zero element);
    ``irreducible_poly`` is the modulus as a string, ``irreducible_poly_int``
    its galois integer form (coefficients as base-p digits).
    """

    q: int
    characteristic: int
    degree: int
    irreducible_poly: str
    irreducible_poly_int: int
    add: np.ndarray
    sub: np.ndarray
    mul: np.ndarray
    neg: np.ndarray
    order: np.ndarray

    def is_primitive(self, a: int) -> bool:
        """True when ``a`` generates the multiplicative group (order q - 1)."""
        return 0 <= a < self.q and int(self.order[a]) == self.q - 1

    def primitive_elements(self) -> np.ndarray:
        """All primitive elements, in increasing integer order."""
        return np.flatnonzero(self.order == self.q - 1)

    def smallest_primitive(self) -> int:
        """The smallest primitive element in the integer element order."""
        return int(self.primitive_elements()[0])

    def powers(self, a: int, n: int) -> np.ndarray:
        """``[a**0, a**1, ..., a**(n-1)]`` as element integers."""
        out = np.empty(n, dtype=np.int64)
        x = 1
        for i in range(n):  # n <= q: a short sequential recurrence
            out[i] = x
            x = int(self.mul[x, a])
        return out


def _ro(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a)
    a.setflags(write=False)
    return a


def _digits(q: int, p: int, m: int) -> np.ndarray:
    """Base-p digits (coefficient of x^i in column i) of the elements 0..q-1."""
    return (np.arange(q)[:, None] // p ** np.arange(m)[None, :]) % p


@lru_cache(maxsize=64)
def _tables(q: int, p: int, m: int, poly_coeffs: tuple[int, ...], poly_str: str, poly_int: int) -> FieldTables:
    # poly_coeffs: monic modulus, highest degree first (galois order), length m + 1
    d = _digits(q, p, m)
    weights = p ** np.arange(m)
    add = ((d[:, None, :] + d[None, :, :]) % p) @ weights
    sub = ((d[:, None, :] - d[None, :, :]) % p) @ weights
    mul = _mul_table(q, p, m, poly_coeffs)
    neg = sub[0]
    order = _orders(mul, q)
    return FieldTables(q, p, m, poly_str, poly_int, _ro(add), _ro(sub), _ro(mul), _ro(neg), _ro(order))


def _mul_table(q: int, p: int, m: int, poly_coeffs: tuple[int, ...]) -> np.ndarray:
    """q x q products: schoolbook product of all pairs of digit vectors, reduced modulo the monic modulus."""
    d = _digits(q, p, m)
    prod = np.zeros((q, q, 2 * m - 1), dtype=np.int64)
    for i in range(m):
        for j in range(m):
            prod[:, :, i + j] += np.multiply.outer(d[:, i], d[:, j])
    low = np.array(poly_coeffs[::-1][:m], dtype=np.int64)  # coefficients of x^0..x^{m-1}
    for k in range(2 * m - 2, m - 1, -1):
        lead = prod[:, :, k] % p
        prod[:, :, k - m : k] -= lead[:, :, None] * low[None, None, :]
        prod[:, :, k] = 0
    return (prod[:, :, :m] % p) @ (p ** np.arange(m))


def _orders(mul: np.ndarray, q: int) -> np.ndarray:
    """Multiplicative order of every element, from the discrete log to one generator."""
    n = q - 1
    order = np.zeros(q, dtype=np.int64)
    if n == 1:
        order[1] = 1
        return order
    # walk powers of each candidate until one has order q - 1 (one exists; a few tries suffice)
    for g in range(2, q):
        seen = np.full(q, -1, dtype=np.int64)
        x, i = 1, 0
        while seen[x] < 0:
            seen[x] = i
            x = int(mul[x, g])
            i += 1
        if i == n:
            logs = seen[1:]
            order[1:] = n // np.gcd(logs, n)
            return order
    raise AssertionError("no generator found: the modulus is not irreducible")  # pragma: no cover


def field_tables(q: int, irreducible_poly: int | None = None) -> FieldTables:
    """Lookup tables of GF(q), cached per ``(q, irreducible_poly)`` (Besta & Hoefler 2014, §II-B1, Step 1).

    ``irreducible_poly`` is the modulus in galois' integer form (e.g. ``0b111``
    = x^2 + x + 1 for q = 4); default: the Conway polynomial ``galois.conway_poly(p, m)``,
    the same modulus ``galois.GF(q)`` uses, so element integers agree with galois.
    For prime q the arithmetic is plain arithmetic mod q whatever the (degree-1) modulus.
    """
    p, m = prime_power(q)
    if irreducible_poly is None:
        coeffs = _conway_coeffs(p, m)
    else:
        if isinstance(irreducible_poly, bool) or not isinstance(irreducible_poly, (int, np.integer)):
            raise ValueError(f"irreducible_poly must be an integer (galois integer form), got {irreducible_poly!r}")
        coeffs = _int_to_coeffs(int(irreducible_poly), p)
        if len(coeffs) != m + 1 or coeffs[0] != 1:
            raise ValueError(
                f"irreducible_poly must be a monic polynomial of degree {m} over GF({p}) "
                f"(integer in {q}..{2 * q - 1}), got {irreducible_poly} = {_poly_str(coeffs)}"
            )
        if not _is_field(q, p, m, coeffs):
            raise ValueError(f"irreducible_poly must be irreducible over GF({p}); {_poly_str(coeffs)} is not")
    poly_int = sum(c * p**e for e, c in enumerate(reversed(coeffs)))
    return _tables(int(q), p, m, coeffs, _poly_str(coeffs), poly_int)


@lru_cache(maxsize=64)
def _conway_coeffs(p: int, m: int) -> tuple[int, ...]:
    """Conway polynomial C_{p,m} (highest degree first), as ``galois.conway_poly`` returns it.

    ``galois.conway_poly`` wraps the database row in a ``galois.GF(p)`` polynomial,
    and creating that field class JIT-compiles it (~1 s per new p); reading the
    row through galois' database interface avoids that.  Falls back to the
    public function if that (private) interface moves.
    """
    try:
        from galois._databases import ConwayPolyDatabase

        degrees, nonzero = ConwayPolyDatabase().fetch(p, m)
        out = [0] * (m + 1)
        for d, c in zip(degrees, nonzero):
            out[m - int(d)] = int(c)
        return tuple(out)
    except ImportError:  # pragma: no cover - depends on galois internals
        return tuple(int(c) for c in galois.conway_poly(p, m).coeffs)
    except LookupError:
        raise ValueError(f"q={p**m}: galois has no Conway polynomial for GF({p}^{m})") from None


def _int_to_coeffs(n: int, p: int) -> tuple[int, ...]:
    """Base-p digits of ``n``, highest degree first (galois' integer form of a polynomial)."""
    out = []
    while n > 0:
        n, r = divmod(n, p)
        out.append(r)
    return tuple(reversed(out)) or (0,)


def _is_field(q: int, p: int, m: int, coeffs: tuple[int, ...]) -> bool:
    """GF(p)[x]/(f) is a field iff it has no zero divisors, i.e. iff the monic f is irreducible."""
    mul = _mul_table(q, p, m, coeffs)
    return int(np.count_nonzero(mul == 0)) == 2 * q - 1


def _poly_str(coeffs: tuple[int, ...]) -> str:
    """galois-style string (e.g. ``x^2 + 2x + 2``) of highest-degree-first coefficients."""
    deg = len(coeffs) - 1
    terms = []
    for i, c in enumerate(coeffs):
        e = deg - i
        if c == 0:
            continue
        mono = "" if e == 0 else ("x" if e == 1 else f"x^{e}")
        terms.append((str(c) if (c != 1 or e == 0) else "") + mono)
    return " + ".join(terms) if terms else "0"
