"""Every parameter of every command, fed bad values by hypothesis: a clean refusal each time.

A refusal is exit status 2, one error line on stderr naming the parameter, nothing on stdout,
no traceback, no output file, and no hang (an alarm stops a run that takes longer than a few
seconds).  Each option is listed with the rule the program must enforce; the values tried are
generated from the rule (below the minimum, above the maximum, not a number at all, NaN and
infinities for real numbers), so the table below is the specification of what is bad.  Good
values drawn from the same rules must be accepted.  The examples are derandomized so CI sees the
same ones every run; ``--hypothesis-seed N`` with the settings' ``derandomize`` removed explores
others.
"""

from __future__ import annotations

import contextlib
import io
import signal
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from topoanalysis.checks import MAX_INT
from topoanalysis.cli import main

SECONDS = 20  # far above any refusal (milliseconds) and any good tiny run


class _Hang(Exception):
    pass


def _alarm(*_: object) -> None:
    raise _Hang


def run_cli(argv: list[str]) -> tuple[object, str, str]:
    """(exit status or the exception that escaped, stdout, stderr) of ``topoanalysis argv``."""
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code: object = main(argv)
    except SystemExit as exc:
        code = exc.code
    except _Hang:
        code = "hang"
    except BaseException as exc:  # noqa: BLE001 - an escaped exception is the bug this test finds
        code = exc
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return code, out.getvalue(), err.getvalue()


@dataclass(frozen=True)
class Opt:
    """One option and its rule: ``kind`` int / float / list / perkind / name; bounds inclusive."""

    command: str
    option: str
    base: str              # the rest of a command line that is good without this option
    kind: str
    lo: float | None = None
    hi: float | None = None
    names: tuple[str, ...] = ()   # words the error message may use for the option
    good: tuple[str, ...] = ()    # a few values that must be accepted
    open: str = ""                # real bounds that are themselves bad: "lo", "hi" or "lo,hi"

    @property
    def id(self) -> str:
        return f"{self.command}{self.option}"


DF = "dragonfly --a 2 --h 1 --p 1"        # 6 routers, 2 link kinds (the engine is compiled for 2)
SIM = f"{DF} --cycles 20 --warmup 5"
OPTIONS = [
    # family parameters (shared by every command; checked here through build)
    Opt("build", "--a", "dragonfly --h 1 --p 1", "int", 1, MAX_INT, good=("1", "2", "4")),
    Opt("build", "--h", "dragonfly --a 2 --p 1", "int", 1, MAX_INT, good=("1", "2")),
    Opt("build", "--p", "dragonfly --a 2 --h 1", "int", 0, MAX_INT, names=("p",), good=("0", "3")),
    Opt("build", "--groups", "dragonfly --a 4 --h 2 --p 1", "int", 2, MAX_INT, good=("5", "9", "3")),
    Opt("build", "--trunking", "dragonfly --a 4 --h 2 --p 1", "int", 1, 4, good=("1", "2", "4")),
    Opt("build", "--arrangement", "dragonfly --a 4 --h 2 --p 1", "name",
        good=("consecutive", "absolute", "palmtree", "relative", "circulant", "random")),
    Opt("build", "--b", "dragonfly3 --a 2 --c 7 --p 1", "int", 2, MAX_INT, good=("3",)),
    Opt("build", "--c", "dragonfly3 --a 2 --b 3 --p 1", "int", 2, MAX_INT, good=("7", "13")),
    Opt("build", "--t2", "dragonfly3 --a 2 --b 3 --c 7 --p 1", "int", 1, 2, good=("1", "2")),
    Opt("build", "--t3", "dragonfly3 --a 2 --b 3 --c 7 --p 1", "int", 1, 6, good=("1",)),
    Opt("build", "--q", "slimfly", "int", 3, 128, good=("3", "4", "5", "7", "8", "9")),
    Opt("build", "--primitive", "slimfly --q 5", "int", 2, 3, good=("2", "3")),
    Opt("build", "--sizes", "hamming", "list", 2, MAX_INT, good=("4", "2,3", "3x3x2")),
    Opt("build", "--dims", "torus", "list", 2, MAX_INT, good=("4", "2,3", "3x4")),
    Opt("build", "--n", "hypercube", "int", 1, 24, good=("1", "4")),
    Opt("build", "--k", "fattree --levels 2", "int", 2, MAX_INT, good=("4", "6")),
    Opt("build", "--degree", "random --n 20", "int", 2, 19, good=("3", "4")),
    Opt("build", "--levels", "fattree --k 4", "int", 2, 64, good=("2", "3")),
    Opt("build", "--pods", "fattree --k 4", "int", 1, 4, good=("2", "4")),
    Opt("build", "--seed", "random --n 20 --degree 3", "int", 0, 2**63 - 1, good=("0", "7", str(2**40))),
    # resilience
    Opt("resilience", "--samples", "petersen", "int", 1, MAX_INT, good=("1", "3")),
    Opt("resilience", "--min-samples", "petersen --max-samples 4 --ci 0.4", "int", 2, MAX_INT,
        names=("min_samples", "min-samples"), good=("2", "3")),
    Opt("resilience", "--max-samples", "petersen --min-samples 2 --ci 0.4", "int", 1, MAX_INT,
        names=("max_samples", "max-samples"), good=("2", "5")),
    Opt("resilience", "--ci", "petersen --min-samples 2 --max-samples 3", "float", 0, 1,
        names=("ci_half_width", "ci"), good=("0.5", "0.01"), open="lo,hi"),
    Opt("resilience", "--step", "petersen --samples 2", "float", 0, 0.5, good=("0.5", "0.25"), open="lo"),
    Opt("resilience", "--failure-seed", "petersen --samples 2", "int", 0, 2**63 - 1,
        names=("seed", "failure-seed"), good=("0", "3")),
    Opt("resilience", "--metrics", "petersen --samples 2", "name", names=("metrics",),
        good=("disconnection", "diameter_plus_2,avg_path_plus_1")),
    # cost
    Opt("cost", "--routers-per-rack", "slimfly --q 5 --p 3", "int", 1, MAX_INT,
        names=("routers_per_rack", "routers-per-rack"), good=("1", "10")),
    Opt("cost", "--router-radix", "slimfly --q 5 --p 3", "int", 10, MAX_INT, names=("router_radix", "router-radix"),
        good=("10", "64")),
    Opt("cost", "--set", "slimfly --q 5 --p 3", "assignment", names=("set", "cost constant"),
        good=("fibre_intercept=5.0",)),
    # bisect
    Opt("bisect", "--alpha", DF, "float", 0, None, good=("1", "5/4", "0.5")),
    Opt("bisect", "--time-limit", "petersen --exact", "float", 0, None, names=("time_limit", "time-limit"),
        good=("5", "0.5"), open="lo"),
    Opt("bisect", "--envelope", "dragonfly --a 2 --h 1 --p 1", "range", names=("envelope", "alpha"),
        good=("0:2", "1:3")),
    # simulate
    Opt("simulate", "--routing", SIM, "name", good=("min", "valiant", "df-min")),
    Opt("simulate", "--traffic", SIM, "name", names=("traffic", "pattern"), good=("uniform", "advg+1")),
    Opt("simulate", "--load", SIM, "float", 0, 1, good=("0", "0.5", "1")),
    Opt("simulate", "--cycles", SIM, "int", 1, MAX_INT, good=("1", "30")),
    Opt("simulate", "--warmup", SIM, "int", 0, MAX_INT, good=("0", "10")),
    Opt("simulate", "--sim-seed", SIM, "int", 0, 2**63 - 1, names=("seed",), good=("0", "11")),
    Opt("simulate", "--change-traffic", f"{SIM} --change-cycle 10", "name", names=("traffic", "pattern", "change"),
        good=("advg+1",)),
    Opt("simulate", "--change-cycle", f"{SIM} --change-traffic advg+1", "int", 0, 24,
        names=("change_cycle", "change-cycle"), good=("0", "12")),
    Opt("simulate", "--burst", DF, "int", 0, MAX_INT, good=("0", "2")),
    Opt("simulate", "--model", SIM, "name", good=("seed001", "booksim", "seed000")),
    Opt("simulate", "--packet-size", f"{SIM} --buffer 32", "int", 1, 32, names=("packet_size", "packet-size", "buffer"),
        good=("1", "8")),
    Opt("simulate", "--latency", SIM, "perkind", 1, MAX_INT, good=("1", "2/5", "local=3")),
    Opt("simulate", "--buffer", SIM, "perkind", 8, 32767 * 8 + 7, good=("8", "16/64")),  # <= 32767 packets
    Opt("simulate", "--vcs", SIM, "perkind", 2, 62, good=("2", "3/2")),
    Opt("simulate", "--router-delay", SIM, "int", 0, MAX_INT, names=("router_delay", "router-delay"),
        good=("0", "3")),
    Opt("simulate", "--vc-alloc-delay", SIM, "int", 0, MAX_INT, names=("vc_alloc_delay",), good=("0", "2")),
    Opt("simulate", "--credit-delay", SIM, "int", 0, MAX_INT, names=("credit_delay",), good=("0", "2")),
    Opt("simulate", "--injection-latency", SIM, "int", 0, MAX_INT, names=("injection_latency",),
        good=("0", "1")),
    Opt("simulate", "--ejection-latency", SIM, "int", 0, MAX_INT, names=("ejection_latency",),
        good=("0", "1")),
    Opt("simulate", "--iterations", SIM, "int", 1, 64, good=("1", "3")),
    Opt("simulate", "--injection-bubble", SIM, "int", 0, 3, names=("injection_bubble", "injection-bubble"),
        good=("0", "1")),
    Opt("simulate", "--watchdog", SIM, "int", 1, MAX_INT, good=("1000", "20000")),
]

_NOT_NUMBER = st.from_regex(r"[0-9]{0,2}[a-zA-Z.,;:/=+_ ]{1,4}[0-9]{0,2}", fullmatch=True)


def _names() -> set[str]:
    from sim import ROUTINGS
    from sim.models import PRESETS
    from topoanalysis.generators.arrangements import ALIASES, ARRANGEMENTS
    from topoanalysis.resilience import METRICS

    words = [*ROUTINGS, *PRESETS, *ALIASES, *ARRANGEMENTS, *METRICS, "uniform", "uniform-all", "advl", "bitrev",
             "shuffle", "bitcomp", "shift", "sf-worst", "hotspot-seq"]
    return {w.lower().replace("-", "_") for w in words}


_NAMES = _names()


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def bad_values(opt: Opt) -> st.SearchStrategy[str]:
    """Values that break ``opt``'s rule."""
    junk = _NOT_NUMBER.filter(lambda s: not _is_number(s))
    if opt.kind in ("int", "list", "perkind"):
        parts = [junk, st.just(""), st.floats().map(repr)]  # "2.0" is no integer either
        if opt.lo is not None:
            parts.append(st.integers(max_value=int(opt.lo) - 1).map(str))
        if opt.hi is not None:
            parts.append(st.integers(min_value=int(opt.hi) + 1).map(str))
        one = st.one_of(parts)
        if opt.kind == "list":
            return st.one_of(one, st.lists(one, min_size=1, max_size=3).map(",".join),
                             st.sampled_from(["4,x", "4,x,,5", "4,", ",4", "4,,5", "x"]))
        if opt.kind == "perkind":
            return st.one_of(one, st.tuples(one, st.sampled_from(["1", "8"])).map("/".join),
                             st.sampled_from(["1/2/3", "nokind=2", "local=2,", "local"]))
        return one
    if opt.kind == "float":
        parts = [junk, st.just(""), st.sampled_from(["nan", "inf", "-inf", "NaN", "1e999"])]
        if opt.lo is not None:
            parts.append(st.floats(max_value=opt.lo, exclude_max="lo" not in opt.open, allow_nan=False,
                                   allow_infinity=False).map(repr))
        if opt.hi is not None:
            parts.append(st.floats(min_value=opt.hi, exclude_min="hi" not in opt.open, allow_nan=False,
                                   allow_infinity=False).map(repr))
        return st.one_of(parts)
    if opt.kind == "name":
        # short junk can spell a real name ("min", "dor", "advl"): those are not bad values
        return st.one_of(junk.filter(lambda s: s.strip().lower().replace("-", "_") not in _NAMES), st.just(""),
                         st.sampled_from(["nonsense", "MIN", "uniform2", "seed9"]))
    if opt.kind == "assignment":
        return st.one_of(junk.filter(lambda s: "=" not in s), st.sampled_from(
            ["fibre_intercept=", "=5", "nosuch=1", "fibre_intercept=nan", "fibre_intercept=-1", "fibre_intercept=x"]))
    if opt.kind == "range":
        return st.one_of(junk.filter(lambda s: s.count(":") != 1), st.sampled_from(["1", "a:b", ":2", "2:", "3:1",
                                                                                   "-1:2", "nan:1"]))
    raise AssertionError(opt.kind)


def _assert_refused(opt: Opt, value: str, tmp_out: str | None = None) -> None:
    argv = [opt.command, *opt.base.split(), f"{opt.option}={value}"]
    if tmp_out is not None:
        argv += ["--out", tmp_out]
    code, out, err = run_cli(argv)
    shown = " ".join(argv)
    assert code == 2, f"{shown!r}: expected a refusal (exit 2), got {code!r}; stderr {err[-300:]!r}"
    assert "Traceback" not in err and out == "", f"{shown!r}: {err[-300:]!r}"
    last = err.strip().splitlines()[-1]
    assert "error" in last, f"{shown!r}: {last!r}"
    names = opt.names + (opt.option[2:], opt.option[2:].replace("-", "_"))
    assert any(n in last for n in names), f"{shown!r}: the error does not name {opt.option}: {last!r}"


@pytest.mark.parametrize("opt", OPTIONS, ids=lambda o: o.id)
@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])
@given(data=st.data())
def test_bad_value_is_refused(opt: Opt, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    value = data.draw(bad_values(opt), label=opt.option)
    if opt.command == "build":
        out = tmp_path_factory.mktemp("out") / "net"
        _assert_refused(opt, value, str(out))
        assert not out.exists(), f"{opt.option}={value!r}: an output was left behind"
    else:
        _assert_refused(opt, value)


@pytest.fixture(scope="module")
def engine_compiled() -> None:
    """The first simulation of a routing kind after an install compiles the engine for it (about
    30 s), and the first bisection and resilience run compile theirs (10-15 s): do it here,
    outside the alarm, for the routings the timed runs below use, so that they measure the runs
    only (a test worker may not have compiled them before)."""
    from sim import simulate
    from topoanalysis import build

    for routing in ("min", "valiant"):
        simulate(build("dragonfly", a=2, h=1, p=1), routing, "uniform", 0.1, cycles=1, warmup=0)
    for argv in (["bisect", "dragonfly", "--a", "2", "--h", "1", "--p", "1", "--envelope=1:3"],
                 ["resilience", "dragonfly", "--a", "2", "--h", "1", "--p", "1", "--samples=1"]):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main(argv)


@pytest.mark.parametrize("opt", [o for o in OPTIONS if o.good], ids=lambda o: o.id)
def test_good_values_are_accepted(opt: Opt, engine_compiled: None) -> None:
    for value in opt.good:
        argv = [opt.command, *opt.base.split(), f"{opt.option}={value}"]
        code, out, err = run_cli(argv)
        assert code == 0, f"{' '.join(argv)!r} was refused: {err[-300:]!r}"
        assert out


@settings(max_examples=15, deadline=None, derandomize=True)
@given(a=st.integers(1, 4), h=st.integers(1, 3), p=st.integers(0, 3),
       arrangement=st.sampled_from(["consecutive", "palmtree", "random"]), seed=st.integers(0, 2**63 - 1))
def test_good_dragonflies_build(a: int, h: int, p: int, arrangement: str, seed: int) -> None:
    argv = ["build", "dragonfly", f"--a={a}", f"--h={h}", f"--p={p}", f"--arrangement={arrangement}", f"--seed={seed}"]
    code, out, err = run_cli(argv)
    assert code == 0, err
    assert f'"routers": {a * (a * h + 1)}' in out


@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(load=st.floats(0, 1), cycles=st.integers(1, 40), warmup=st.integers(0, 10), vcs=st.integers(2, 4),
       packet=st.integers(1, 4), latency=st.integers(1, 4), seed=st.integers(0, 2**63 - 1))
def test_good_simulations_run(engine_compiled: None, load: float, cycles: int, warmup: int, vcs: int, packet: int,
                              latency: int, seed: int) -> None:
    argv = ["simulate", *DF.split(), f"--load={load!r}", f"--cycles={cycles}", f"--warmup={warmup}", f"--vcs={vcs}",
            f"--packet-size={packet}", f"--buffer={4 * packet}", f"--latency={latency}", f"--sim-seed={seed}"]
    code, out, err = run_cli(argv)
    assert code == 0, err
    assert "accepted" in out
